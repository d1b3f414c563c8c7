// A program whose own check fails: it expects 1 + 1 == 3 from the device (the run must
// report it as FAIL, with the program's exit code).
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void add(int* r) { *r = 1 + 1; }

int main() {
  int* d;
  int h = 0;
  if (hipMalloc(&d, sizeof(int)) != hipSuccess) return 2;
  hipLaunchKernelGGL(add, dim3(1), dim3(1), 0, 0, d);
  hipMemcpy(&h, d, sizeof(int), hipMemcpyDeviceToHost);
  if (h != 3) {
    std::printf("expected 3, got %d\n", h);
    return 1;
  }
  std::printf("all ok\n");
  return 0;
}
