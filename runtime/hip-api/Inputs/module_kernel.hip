// Device code loaded at run time by module-api.hip (hipModuleLoad / LoadData).
#include <hip/hip_runtime.h>

extern "C" __global__ void axpb(int a, const int* x, int b, int* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + b;
}
