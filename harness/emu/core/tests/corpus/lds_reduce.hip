#include "hip_mini.h"
// Block sum with LDS and barriers; 128 threads = 4 waves of 32.
extern "C" __global__ void lds_reduce(const int* in, int* out) {
  __shared__ int buf[128];
  uint t = threadIdx_x;
  buf[t] = in[blockIdx_x * 128 + t];
  __syncthreads();
  for (uint s = 64; s > 0; s >>= 1) {
    if (t < s) buf[t] += buf[t + s];
    __syncthreads();
  }
  if (t == 0) out[blockIdx_x] = buf[0];
}
// 16-bit LDS traffic (ds_load_u16_d16 / _hi keep the other half).
extern "C" __global__ void lds_half(const half* in, half* out) {
  __shared__ half buf[256];
  uint t = threadIdx_x;
  buf[t] = in[t];
  buf[t + 128] = in[t + 128];
  __syncthreads();
  half a = buf[255 - t], b = buf[127 - t];
  out[t] = a * b + (half)1.0f;
}
