// y = a * x + y on 1000 floats; every value checked on the host (a*x+y of small integers is
// exact in float, so the comparison is exact).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <vector>

#include "tree/version.h"

__global__ void saxpy(int n, float a, const float* x, float* y) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  static_assert(TREE_VERSION == 3, "the recipe's generate step configured lib/version.h.in");
  const int n = 1000;
  std::vector<float> x(n), y(n);
  for (int i = 0; i < n; ++i) x[i] = float(i % 17), y[i] = float(i % 5);
  float *dx, *dy;
  if (hipMalloc(&dx, n * 4) != hipSuccess || hipMalloc(&dy, n * 4) != hipSuccess) return 2;
  hipMemcpy(dx, x.data(), n * 4, hipMemcpyHostToDevice);
  hipMemcpy(dy, y.data(), n * 4, hipMemcpyHostToDevice);
  hipLaunchKernelGGL(saxpy, dim3((n + 127) / 128), dim3(128), 0, 0, n, 3.0f, (const float*)dx, dy);
  std::vector<float> out(n);
  hipMemcpy(out.data(), dy, n * 4, hipMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += out[i] != 3.0f * float(i % 17) + float(i % 5);
  std::printf("checked %d values\n", n);
  if (bad) {
    std::printf("saxpy: %d wrong\n", bad);
    return 1;
  }
  std::printf("saxpy ok\n");
  return 0;
}
