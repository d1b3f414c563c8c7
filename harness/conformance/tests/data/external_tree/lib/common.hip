#include <hip/hip_runtime.h>

#include "common.h"

__global__ void scale_kernel(float* x, int n, float f) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) x[i] *= f;
}

void scale_on_device(float* host, int n, float factor) {
  float* d = nullptr;
  if (hipMalloc(&d, n * sizeof(float)) != hipSuccess) return;
  (void)hipMemcpy(d, host, n * sizeof(float), hipMemcpyHostToDevice);
  scale_kernel<<<(n + 63) / 64, 64>>>(d, n, factor);
  (void)hipMemcpy(host, d, n * sizeof(float), hipMemcpyDeviceToHost);
  (void)hipFree(d);
}
