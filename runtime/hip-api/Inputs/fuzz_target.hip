// The host program whose embedded code object harness/hip/fuzz/fuzz_fatbin.py
// mutates (runtime/hip-api/fatbin-fuzz.test). It uses what the runtime reads
// from the metadata: explicit arguments of several kinds and widths (by value,
// a struct, pointers), the hidden arguments (blockDim, gridDim), static and
// dynamic LDS, a __device__ variable, two kernels and three launch paths:
// <<<>>>, hipLaunchKernelGGL, and hipModuleLaunchKernel on the same fat binary
// loaded as a module (read from /proc/self/exe, so the mutation reaches it too),
// with an argument array followed by a poisoned pointer: a runtime that took a
// corrupted hidden argument for an explicit one would read it and crash. The
// unmutated program prints PASS and exits 0; a mutant may fail in any way
// except by a signal or a hang.
#include "rdna4_test.h"

#include <cstdint>
#include <fstream>
#include <iterator>
#include <vector>

struct Pair {
  short s;
  double d;
};

__device__ int bias = 5;

extern "C" __global__ void mix(char c, Pair p, const int* in, int* out, unsigned n) {
  extern __shared__ int dyn[];
  __shared__ int stat[64];
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  stat[threadIdx.x] = i < n ? in[i] : 0;
  dyn[threadIdx.x] = c + p.s + int(p.d) + bias;
  __syncthreads();
  if (i < n) out[i] = stat[threadIdx.x] + dyn[threadIdx.x] + int(gridDim.x);
}

extern "C" __global__ void scale(int* out, int k) { out[blockIdx.x * blockDim.x + threadIdx.x] *= k; }

// The .hip_fatbin section of this executable (the offload bundle), or empty.
static std::vector<char> own_fatbin() {
  std::ifstream f("/proc/self/exe", std::ios::binary);
  std::vector<char> b((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  auto rd = [&](size_t off, size_t n) {
    uint64_t v = 0;
    if (off + n <= b.size()) std::memcpy(&v, b.data() + off, n);
    return v;
  };
  uint64_t shoff = rd(40, 8), shnum = rd(60, 2), shstr = rd(62, 2);
  uint64_t stroff = rd(shoff + 64 * shstr + 24, 8);
  for (uint64_t i = 0; i < shnum; ++i) {
    uint64_t h = shoff + 64 * i, name = stroff + rd(h, 4);
    if (name + 12 <= b.size() && std::memcmp(b.data() + name, ".hip_fatbin", 12) == 0) {
      uint64_t off = rd(h + 24, 8), size = rd(h + 32, 8);
      if (off + size <= b.size()) return std::vector<char>(b.begin() + off, b.begin() + off + size);
    }
  }
  return {};
}

int main() {
  rdna4_test_begin();
  const unsigned n = 128;
  int h[n];
  for (unsigned i = 0; i < n; ++i) h[i] = int(i);
  int *in, *out;
  RDNA4_HIP_CHECK(hipMalloc(&in, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&out, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(in, h, sizeof h, hipMemcpyHostToDevice));
  // mix through the module API first (before a <<<>>> launch could fail).
  std::vector<char> fatbin = own_fatbin();
  RDNA4_EXPECT(!fatbin.empty(), "no .hip_fatbin section in /proc/self/exe");
  hipModule_t mod;
  RDNA4_HIP_CHECK(hipModuleLoadData(&mod, fatbin.data()));
  hipFunction_t fn;
  RDNA4_HIP_CHECK(hipModuleGetFunction(&fn, mod, "mix"));
  char c = 1;
  Pair p{2, 3.5};
  unsigned nn = n;
  struct {
    void* args[5];
    void* poison;  // never an argument of mix: reading it is a bug
  } params{{&c, &p, &in, &out, &nn}, reinterpret_cast<void*>(uintptr_t(1))};
  RDNA4_HIP_CHECK(hipModuleLaunchKernel(fn, 2, 1, 1, 64, 1, 1, 64 * sizeof(int), nullptr,
                                        params.args, nullptr));
  RDNA4_HIP_CHECK(hipMemcpy(h, out, sizeof h, hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < n; ++i)  // in[i] = i, + 1 + 2 + 3 + 5 + gridDim.x = 2
    RDNA4_EXPECT(h[i] == int(i + 13), "module launch: out[%u]=%d", i, h[i]);
  RDNA4_HIP_CHECK(hipModuleUnload(mod));

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
