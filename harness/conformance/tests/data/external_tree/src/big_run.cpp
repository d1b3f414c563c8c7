// A program whose own main runs a size too large for the emulator; the recipe runs run(64)
// instead (its "main"), compiling this file unchanged.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void iota(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = i;
}

static void run(int n) {
  int* d;
  if (hipMalloc(&d, n * sizeof(int)) != hipSuccess) return;
  hipLaunchKernelGGL(iota, dim3((n + 31) / 32), dim3(32), 0, 0, d, n);
  int* h = new int[n];
  hipMemcpy(h, d, n * sizeof(int), hipMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += h[i] != i;
  std::printf(bad ? "run %d: %d wrong\n" : "run %d ok\n", n, bad);
  delete[] h;
  hipFree(d);
}

int main() {
  run(1 << 30);  // far too many work-items for an emulator run
  return 0;
}
