// y[i] = 2 * i + 1 on 256 floats, built by its own Makefile (recipe "make"); targets.txt is
// written by the recipe's prepare step, once per target, before make.
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

#include "twice_check.h"

__global__ void twice_plus_one(float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = 2.0f * float(i) + 1.0f;
}

int main(int argc, char** argv) {
  const int n = 256;
  float* d;
  if (hipMalloc(&d, n * sizeof(float)) != hipSuccess) return 2;
  twice_plus_one<<<n / 64, 64>>>(d, n);
  std::vector<float> out(n);
  if (hipMemcpy(out.data(), d, n * sizeof(float), hipMemcpyDeviceToHost) != hipSuccess) return 2;
  int bad = twice_plus_one_errors(out.data(), n);
  std::printf("args:");
  for (int i = 1; i < argc; ++i) std::printf(" %s", argv[i]);
  std::printf("\n");
  if (bad) {
    std::printf("twice: %d wrong\n", bad);
    return 1;
  }
  std::printf("twice ok\n");
  return 0;
}
