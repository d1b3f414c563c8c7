#include "hip_mini.h"
extern "C" __global__ void vadd(const float* a, const float* b, float* c, int n) {
  int i = blockIdx_x * blockDim_x + threadIdx_x;
  if (i < n) c[i] = a[i] + b[i];
}
