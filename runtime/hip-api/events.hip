// hipEventCreate / Record / Synchronize / Query / ElapsedTime / Destroy around
// a kernel. On the emulator events measure host time (documented). Events created with
// hipEventDefault and hipEventBlockingSync (ROCm's values 0x0 and 0x1) time as hipEventCreate's.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: elapsed time is non-negative
// CHECK: PASS
#include "rdna4_test.h"

__global__ void busy(int* v, int iters) {
  unsigned x = threadIdx.x;
  for (int k = 0; k < iters; ++k) x = x * 1103515245u + 12345u;
  v[threadIdx.x] = (int)x;
}

int main() {
  rdna4_test_begin();
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, 64 * sizeof(int)));
  hipEvent_t start, stop;
  RDNA4_HIP_CHECK(hipEventCreate(&start));
  RDNA4_HIP_CHECK(hipEventCreate(&stop));
  RDNA4_HIP_CHECK(hipEventRecord(start, 0));
  busy<<<1, 64>>>(d, 1000);
  RDNA4_HIP_CHECK(hipEventRecord(stop, 0));
  RDNA4_HIP_CHECK(hipEventSynchronize(stop));
  RDNA4_HIP_CHECK(hipEventQuery(stop));
  float ms = -1.0f;
  RDNA4_HIP_CHECK(hipEventElapsedTime(&ms, start, stop));
  if (ms >= 0.0f) std::printf("elapsed time is non-negative\n");
  RDNA4_EXPECT(ms >= 0.0f && ms < 60000.0f, "elapsed %g ms", ms);
  int v[64];
  RDNA4_HIP_CHECK(hipMemcpy(v, d, sizeof v, hipMemcpyDeviceToHost));
  for (int t = 0; t < 64; ++t) {
    unsigned x = t;
    for (int k = 0; k < 1000; ++k) x = x * 1103515245u + 12345u;
    RDNA4_EXPECT(v[t] == (int)x, "v[%d]=%d expected %d", t, v[t], (int)x);
  }
  // hipEventDefault / hipEventBlockingSync: timing events like hipEventCreate's.
  static_assert(hipEventDefault == 0x0 && hipEventBlockingSync == 0x1, "ROCm's event flags");
  hipEvent_t e0, e1;
  RDNA4_HIP_CHECK(hipEventCreateWithFlags(&e0, hipEventDefault));
  RDNA4_HIP_CHECK(hipEventCreateWithFlags(&e1, hipEventBlockingSync));
  RDNA4_HIP_CHECK(hipEventRecord(e0, 0));
  busy<<<1, 64>>>(d, 10);
  RDNA4_HIP_CHECK(hipEventRecord(e1, 0));
  RDNA4_HIP_CHECK(hipEventSynchronize(e1));
  float ms2 = -1.0f;
  RDNA4_HIP_CHECK(hipEventElapsedTime(&ms2, e0, e1));
  RDNA4_EXPECT(ms2 >= 0.0f && ms2 < 60000.0f, "elapsed %g ms between flagged events", ms2);
  RDNA4_HIP_CHECK(hipEventDestroy(e0));
  RDNA4_HIP_CHECK(hipEventDestroy(e1));
  // A timing-disabled event cannot be measured.
  hipEvent_t nt;
  RDNA4_HIP_CHECK(hipEventCreateWithFlags(&nt, hipEventDisableTiming));
  RDNA4_HIP_CHECK(hipEventRecord(nt, 0));
  RDNA4_HIP_CHECK(hipEventSynchronize(nt));
  RDNA4_EXPECT(hipEventElapsedTime(&ms, start, nt) != hipSuccess, "timing-disabled event measured");
  (void)hipGetLastError();
  RDNA4_HIP_CHECK(hipEventDestroy(nt));
  RDNA4_HIP_CHECK(hipEventDestroy(start));
  RDNA4_HIP_CHECK(hipEventDestroy(stop));
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
