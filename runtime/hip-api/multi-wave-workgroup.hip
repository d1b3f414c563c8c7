// Several waves per workgroup cooperating through __shared__ memory and
// __syncthreads: a tree reduction over 256 work-items (8 waves of 32) in each
// of several workgroups.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

constexpr int kBlock = 256;

__global__ void block_sum(const int* in, int* out) {
  __shared__ int s[kBlock];
  int t = threadIdx.x;
  s[t] = in[blockIdx.x * kBlock + t];
  __syncthreads();
  for (int stride = kBlock / 2; stride > 0; stride /= 2) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0) out[blockIdx.x] = s[0];
  // Every wave reads the result written by wave 0 after a barrier.
  __syncthreads();
  if (t == kBlock - 1) out[gridDim.x + blockIdx.x] = s[0] + 1;
}

int main() {
  rdna4_test_begin();
  const int blocks = 5, n = blocks * kBlock;
  static int h[n];
  int expect[blocks] = {};
  for (int i = 0; i < n; ++i) {
    h[i] = (i * 37) % 101 - 50;
    expect[i / kBlock] += h[i];
  }
  int *din, *dout;
  RDNA4_HIP_CHECK(hipMalloc(&din, sizeof h));
  RDNA4_HIP_CHECK(hipMalloc(&dout, 2 * blocks * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(din, h, sizeof h, hipMemcpyHostToDevice));
  block_sum<<<blocks, kBlock>>>(din, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  int out[2 * blocks];
  RDNA4_HIP_CHECK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
  for (int b = 0; b < blocks; ++b) {
    RDNA4_EXPECT(out[b] == expect[b], "block %d: sum %d, expected %d", b, out[b], expect[b]);
    RDNA4_EXPECT(out[blocks + b] == expect[b] + 1, "block %d: last wave saw %d", b, out[blocks + b] - 1);
  }
  RDNA4_HIP_CHECK(hipFree(din));
  RDNA4_HIP_CHECK(hipFree(dout));
  return rdna4_test_end();
}
