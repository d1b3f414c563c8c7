// Dynamic shared memory: `extern __shared__` arrays sized at launch (third
// <<<>>> argument and hipLaunchKernelGGL's memPerBlock), next to static
// __shared__ data, reversed across waves of the workgroup.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

extern __shared__ float dyn[];

__global__ void reverse(const float* in, float* out, int n) {
  __shared__ int tag[4];  // static LDS before the dynamic block
  int t = threadIdx.x;
  if (t < 4) tag[t] = 100 + t;
  if (t < n) dyn[t] = in[blockIdx.x * n + t];
  __syncthreads();
  if (t < n) out[blockIdx.x * n + t] = dyn[n - 1 - t] + tag[t % 4];
}

__global__ void fill_all(unsigned* out, unsigned words) {
  HIP_DYNAMIC_SHARED(unsigned, buf)
  for (unsigned i = threadIdx.x; i < words; i += blockDim.x) buf[i] = i * 3u;
  __syncthreads();
  for (unsigned i = threadIdx.x; i < words; i += blockDim.x) out[i] = buf[words - 1 - i];
}

int main() {
  rdna4_test_begin();
  const int n = 200, blocks = 3;
  static float h[n * blocks], out[n * blocks];
  for (int i = 0; i < n * blocks; ++i) h[i] = i * 0.25f;
  float *din, *dout;
  RDNA4_HIP_CHECK(hipMalloc(&din, sizeof h));
  RDNA4_HIP_CHECK(hipMalloc(&dout, sizeof out));
  RDNA4_HIP_CHECK(hipMemcpy(din, h, sizeof h, hipMemcpyHostToDevice));
  reverse<<<blocks, 256, n * sizeof(float)>>>(din, dout, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < n; ++t)
      RDNA4_EXPECT(out[b * n + t] == h[b * n + n - 1 - t] + 100 + t % 4, "out[%d][%d]=%g", b, t,
                   out[b * n + t]);
  // 48 KiB of dynamic LDS through hipLaunchKernelGGL.
  const unsigned words = 12 * 1024;
  unsigned* dwords;
  RDNA4_HIP_CHECK(hipMalloc(&dwords, words * sizeof(unsigned)));
  hipLaunchKernelGGL(fill_all, dim3(1), dim3(128), words * sizeof(unsigned), 0, dwords, words);
  RDNA4_HIP_CHECK(hipGetLastError());
  static unsigned hw[words];
  RDNA4_HIP_CHECK(hipMemcpy(hw, dwords, sizeof hw, hipMemcpyDeviceToHost));
  for (unsigned i = 0; i < words; ++i)
    RDNA4_EXPECT(hw[i] == (words - 1 - i) * 3u, "word %u = %u", i, hw[i]);
  RDNA4_HIP_CHECK(hipFree(din));
  RDNA4_HIP_CHECK(hipFree(dout));
  RDNA4_HIP_CHECK(hipFree(dwords));
  return rdna4_test_end();
}
