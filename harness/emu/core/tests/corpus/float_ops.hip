#include "hip_mini.h"
extern "C" __global__ void float_ops(const float* a, const float* b, float* out, float s) {
  uint t = threadIdx_x + blockIdx_x * blockDim_x;
  float x = a[t], y = b[t];
  float r = __builtin_fmaf(x, y, s);
  r += x * y - s;
  r += __builtin_fminf(x, y) + __builtin_fmaxf(x, s);
  r += __builtin_fabsf(x) - (-y);
  r += x / (y + 3.0f);
  r += __builtin_sqrtf(__builtin_fabsf(y));
  r += (float)(int)x + (float)(unsigned)__builtin_fabsf(y);
  r += __builtin_floorf(x) + __builtin_ceilf(y) + __builtin_truncf(x) + __builtin_rintf(y);
  r += x < y ? 1.0f : 0.5f;
  out[t] = r;
}
extern "C" __global__ void half_ops(const half* a, const half* b, half* out, float* outf) {
  uint t = threadIdx_x + blockIdx_x * blockDim_x;
  half x = a[t], y = b[t];
  half r = x * y + x - y;
  r = r > x ? r : x;
  out[t] = r;
  __bf16 bb = (__bf16)((float)x * 2.0f);
  outf[t] = (float)r + (float)bb;
}
extern "C" __global__ void double_ops(const double* a, double* out) {
  uint t = threadIdx_x;
  double x = a[t];
  out[t] = x * 3.0 + 1.5 - (double)(int)t;
}
