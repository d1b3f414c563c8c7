// A device fault is returned on the stream whose kernel faulted (and its events),
// whichever host thread synchronizes first, and is never lost; other streams
// are not affected; the device-wide synchronization reports it too. The rule and
// its sources: harness/hip/README.md, "Kernel faults".
// Thread A launches a kernel that stores far outside its allocation on stream A
// and records an event after it; thread B, which runs only once A's work is
// enqueued, launches a good kernel on stream B and synchronizes B and then the
// device; A synchronizes its event and its stream only after B is done.
// REQUIRES: device-emu
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t 2>%t.err | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: FileCheck --check-prefix=DIAG %s < %t.err
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: B: hipStreamSynchronize(B) -> hipSuccess
// CHECK: B: hipDeviceSynchronize() -> hipErrorIllegalAddress
// CHECK: A: hipEventSynchronize(before) -> hipSuccess
// CHECK: A: hipEventSynchronize(after) -> hipErrorIllegalAddress
// CHECK: A: hipStreamSynchronize(A) -> hipErrorIllegalAddress
// CHECK: A: hipStreamSynchronize(A) again -> hipSuccess
// CHECK: PASS
// DIAG: hipemu: kernel {{.*}}wild_store{{.*}} faulted (MemoryViolation -> hipErrorIllegalAddress)
#include "rdna4_test.h"

#include <atomic>
#include <thread>

__global__ void wild_store(int* p, long offset) { p[offset + threadIdx.x] = 42; }
__global__ void good_store(int* p, int v) { p[threadIdx.x] = v; }

static void report(const char* who, const char* what, hipError_t e) {
  std::printf("%s: %s -> %s\n", who, what, hipGetErrorName(e));
}

int main() {
  rdna4_test_begin();
  int *da, *db;
  RDNA4_HIP_CHECK(hipMalloc(&da, 64 * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&db, 64 * sizeof(int)));
  hipStream_t a, b;
  RDNA4_HIP_CHECK(hipStreamCreate(&a));
  RDNA4_HIP_CHECK(hipStreamCreateWithFlags(&b, hipStreamNonBlocking));
  hipEvent_t before, after;
  RDNA4_HIP_CHECK(hipEventCreate(&before));
  RDNA4_HIP_CHECK(hipEventCreate(&after));
  std::atomic<int> step{0};
  hipError_t e[6];
  std::thread ta([&] {
    hipEventRecord(before, a);
    wild_store<<<1, 32, 0, a>>>(da, 1L << 24);
    hipEventRecord(after, a);
    step = 1;
    while (step != 2) std::this_thread::yield();
    e[2] = hipEventSynchronize(before);
    e[3] = hipEventSynchronize(after);
    e[4] = hipStreamSynchronize(a);
    e[5] = hipStreamSynchronize(a);
  });
  std::thread tb([&] {
    while (step != 1) std::this_thread::yield();
    good_store<<<1, 64, 0, b>>>(db, 9);
    e[0] = hipStreamSynchronize(b);
    e[1] = hipDeviceSynchronize();
    step = 2;
  });
  ta.join();
  tb.join();
  report("B", "hipStreamSynchronize(B)", e[0]);
  report("B", "hipDeviceSynchronize()", e[1]);
  report("A", "hipEventSynchronize(before)", e[2]);
  report("A", "hipEventSynchronize(after)", e[3]);
  report("A", "hipStreamSynchronize(A)", e[4]);
  report("A", "hipStreamSynchronize(A) again", e[5]);
  RDNA4_EXPECT(e[0] == hipSuccess && e[1] == hipErrorIllegalAddress && e[2] == hipSuccess &&
                   e[3] == hipErrorIllegalAddress && e[4] == hipErrorIllegalAddress &&
                   e[5] == hipSuccess,
               "fault not reported where HIP reports it");
  int h[64];
  RDNA4_HIP_CHECK(hipMemcpy(h, db, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) RDNA4_EXPECT(h[i] == 9, "stream B's result h[%d]=%d", i, h[i]);
  (void)hipGetLastError();
  RDNA4_HIP_CHECK(hipEventDestroy(before));
  RDNA4_HIP_CHECK(hipEventDestroy(after));
  RDNA4_HIP_CHECK(hipStreamDestroy(a));
  RDNA4_HIP_CHECK(hipStreamDestroy(b));
  RDNA4_HIP_CHECK(hipFree(da));
  RDNA4_HIP_CHECK(hipFree(db));
  return rdna4_test_end();
}
