// warpSize in device code is the wave size the kernel was compiled for:
// 32 by default on RDNA4, 64 with -mwavefrontsize64; lanes of a wave see
// consecutive __lane_id()-style ids (threadIdx.x % warpSize).
// RUN: %hipcc -O2 %s -o %t.w32
// RUN: %run %t.w32 | FileCheck %s --check-prefixes=CHECK,W32 -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t.w64
// RUN: %run %t.w64 | FileCheck %s --check-prefixes=CHECK,W64 -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// W32: warpSize=32
// W64: warpSize=64
// CHECK: PASS
#include "rdna4_test.h"

__global__ void probe(int* ws, unsigned* lane) {
  if (threadIdx.x == 0) *ws = warpSize;
  // Lane index inside the wave from the hardware (mbcnt), compared on the host.
  unsigned l = __builtin_amdgcn_mbcnt_lo(~0u, 0u);
  if (warpSize == 64) l = __builtin_amdgcn_mbcnt_hi(~0u, l);
  lane[threadIdx.x] = l;
}

int main() {
  rdna4_test_begin();
  const int n = 256;
  int* dws;
  unsigned* dlane;
  RDNA4_HIP_CHECK(hipMalloc(&dws, sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&dlane, n * sizeof(unsigned)));
  probe<<<1, n>>>(dws, dlane);
  RDNA4_HIP_CHECK(hipGetLastError());
  int ws = 0;
  unsigned lane[n];
  RDNA4_HIP_CHECK(hipMemcpy(&ws, dws, sizeof ws, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(lane, dlane, sizeof lane, hipMemcpyDeviceToHost));
  std::printf("warpSize=%d\n", ws);
  RDNA4_EXPECT(ws == 32 || ws == 64, "warpSize=%d", ws);
  for (int i = 0; i < n && ws > 0; ++i)
    RDNA4_EXPECT(lane[i] == (unsigned)(i % ws), "lane of thread %d = %u", i, lane[i]);
  RDNA4_HIP_CHECK(hipFree(dws));
  RDNA4_HIP_CHECK(hipFree(dlane));
  return rdna4_test_end();
}
