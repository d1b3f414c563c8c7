// The program of runtime/hip-api/gpu-rdc-static-library.test (its library: runtime/hip-api/Inputs/rdc_library.hip).
#include <hip/hip_runtime.h>

#include <cstdio>

extern __device__ int rdc_triple(int x);
extern __device__ int rdc_calls;

__global__ void k(int* p) {
  p[threadIdx.x] = rdc_triple((int)threadIdx.x);
  atomicAdd(&rdc_calls, 1);
}

int main() {
  int* d;
  int h[64], calls = 0;
  if (hipMalloc(&d, sizeof h) != hipSuccess) return 2;
  k<<<1, 64>>>(d);
  if (hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost) != hipSuccess) return 2;
  if (hipMemcpyFromSymbol(&calls, HIP_SYMBOL(rdc_calls), sizeof calls) != hipSuccess) return 2;
  int bad = 0;
  for (int i = 0; i < 64; ++i) bad += h[i] != 3 * i;
  std::printf(bad ? "rdc %d wrong values\n" : "rdc 64 values ok, %d calls\n", bad ? bad : calls);
  return bad != 0 || calls != 64;
}
