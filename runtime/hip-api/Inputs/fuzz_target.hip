// The host program whose embedded code object harness/hip/fuzz/fuzz_fatbin.py
// mutates (runtime/hip-api/fatbin-fuzz.test). It uses what the runtime reads
// from the metadata: explicit arguments of several kinds and widths (by value,
// a struct, pointers), the hidden arguments (blockDim, gridDim), static and
// dynamic LDS, a __device__ variable, two kernels and two launch paths. The
// unmutated program prints PASS and exits 0; a mutant may fail in any way
// except by a signal or a hang.
#include "rdna4_test.h"

struct Pair {
  short s;
  double d;
};

__device__ int bias = 5;

__global__ void mix(char c, Pair p, const int* in, int* out, unsigned n) {
  extern __shared__ int dyn[];
  __shared__ int stat[64];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  stat[threadIdx.x] = i < n ? in[i] : 0;
  dyn[threadIdx.x] = c + p.s + int(p.d) + bias;
  __syncthreads();
  if (i < n) out[i] = stat[threadIdx.x] + dyn[threadIdx.x] + int(gridDim.x);
}

__global__ void scale(int* out, int k) { out[blockIdx.x * blockDim.x + threadIdx.x] *= k; }

int main() {
  rdna4_test_begin();
  const unsigned n = 128;
  int h[n];
  for (unsigned i = 0; i < n; ++i) h[i] = int(i);
  int *in, *out;
  RDNA4_HIP_CHECK(hipMalloc(&in, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&out, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(in, h, sizeof h, hipMemcpyHostToDevice));
  mix<<<2, 64, 64 * sizeof(int)>>>(3, Pair{7, 2.5}, in, out, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  hipLaunchKernelGGL(scale, dim3(2), dim3(64), 0, 0, out, 2);
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  RDNA4_HIP_CHECK(hipMemcpy(h, out, sizeof h, hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i)  // (i + 3 + 7 + 2 + 5 + gridDim.x = 2) * 2
    RDNA4_EXPECT(h[i] == int(i + 19) * 2, "out[%u]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipFree(in));
  RDNA4_HIP_CHECK(hipFree(out));
  return rdna4_test_end();
}
