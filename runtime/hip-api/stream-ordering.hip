// The stream-ordered operations programs use, with ROCm's signatures:
// hipMallocAsync / hipFreeAsync, hipLaunchHostFunc, hipStreamAddCallback,
// hipStreamWaitEvent. Each must take effect after everything enqueued before it on
// its stream and before anything enqueued after it:
//  - a host function runs after the kernels before it and before those after it (it
//    copies a host buffer that a hipMemcpyAsync before it fills and one after it
//    overwrites), and host functions run in enqueue order;
//  - a callback gets hipSuccess as status on a clean stream;
//  - stream B, waiting on an event recorded on stream A after A's kernel, reads
//    A's result (2 * i + 1, computed by hand here);
//  - memory from hipMallocAsync is usable by the work after it on the stream.
// The host functions are held in variables of ROCm's types hipHostFn_t and
// hipStreamCallback_t; stream A is created with hipStreamDefault (0 in ROCm's header).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: host functions ran in order: 1 2 3
// CHECK: PASS
#include "rdna4_test.h"

#include <vector>

__global__ void twice_plus_one(int* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * int(i) + 1;
}
__global__ void add_ten(const int* in, int* out, unsigned n) {
  unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] + 10;
}

struct HostLog {
  std::vector<int> order;
  int staging[4];  // filled by hipMemcpyAsync before the host function
  int seen[4];     // what the host function saw
  hipError_t status = hipErrorUnknown;
};

int main() {
  rdna4_test_begin();
  const unsigned n = 256;
  hipStream_t a, b;
  static_assert(hipStreamDefault == 0x0, "ROCm's hipStreamDefault");
  RDNA4_HIP_CHECK(hipStreamCreateWithFlags(&a, hipStreamDefault));
  RDNA4_HIP_CHECK(hipStreamCreateWithFlags(&b, hipStreamNonBlocking));
  int *x = nullptr, *y = nullptr;
  RDNA4_HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&x), n * sizeof(int), a));
  RDNA4_HIP_CHECK(hipMallocAsync(reinterpret_cast<void**>(&y), n * sizeof(int), b));
  HostLog log;
  twice_plus_one<<<n / 64, 64, 0, a>>>(x, n);
  RDNA4_HIP_CHECK(hipMemcpyAsync(log.staging, x, sizeof log.staging, hipMemcpyDeviceToHost, a));
  RDNA4_HIP_CHECK(hipLaunchHostFunc(
      a, [](void* p) {
        auto* l = static_cast<HostLog*>(p);
        l->order.push_back(1);
        for (int i = 0; i < 4; ++i) l->seen[i] = l->staging[i];
      }, &log));
  hipHostFn_t second = [](void* p) { static_cast<HostLog*>(p)->order.push_back(2); };
  RDNA4_HIP_CHECK(hipLaunchHostFunc(a, second, &log));
  hipStreamCallback_t third = [](hipStream_t, hipError_t status, void* p) {
    auto* l = static_cast<HostLog*>(p);
    l->order.push_back(3);
    l->status = status;
  };
  RDNA4_HIP_CHECK(hipStreamAddCallback(a, third, &log, 0));
  hipEvent_t done_a;
  RDNA4_HIP_CHECK(hipEventCreateWithFlags(&done_a, hipEventDisableTiming));
  RDNA4_HIP_CHECK(hipEventRecord(done_a, a));
  // Overwrites the staging buffer after the host functions.
  const int zeros[4] = {0, 0, 0, 0};
  RDNA4_HIP_CHECK(hipMemcpyAsync(x, zeros, sizeof zeros, hipMemcpyHostToDevice, a));
  RDNA4_HIP_CHECK(hipMemcpyAsync(log.staging, x, sizeof log.staging, hipMemcpyDeviceToHost, a));
  // Stream B reads A's result once A's event completes. x's first 4 elements are
  // zeroed after the event, so B may see them either way: only i >= 4 is checked.
  RDNA4_HIP_CHECK(hipStreamWaitEvent(b, done_a, 0));
  add_ten<<<n / 64, 64, 0, b>>>(x, y, n);
  std::vector<int> hy(n);
  RDNA4_HIP_CHECK(hipMemcpyAsync(hy.data(), y, n * sizeof(int), hipMemcpyDeviceToHost, b));
  RDNA4_HIP_CHECK(hipFreeAsync(y, b));
  RDNA4_HIP_CHECK(hipStreamSynchronize(b));
  RDNA4_HIP_CHECK(hipFreeAsync(x, a));
  RDNA4_HIP_CHECK(hipStreamSynchronize(a));
  std::printf("host functions ran in order:");
  for (int v : log.order) std::printf(" %d", v);
  std::printf("\n");
  RDNA4_EXPECT(log.order == (std::vector<int>{1, 2, 3}), "host functions out of order");
  for (int i = 0; i < 4; ++i) {
    RDNA4_EXPECT(log.seen[i] == 2 * i + 1, "host function saw staging[%d]=%d", i, log.seen[i]);
    RDNA4_EXPECT(log.staging[i] == 0, "staging[%d]=%d after the later copy", i, log.staging[i]);
  }
  RDNA4_EXPECT(log.status == hipSuccess, "callback status %s", hipGetErrorName(log.status));
  for (unsigned i = 4; i < n; ++i)
    RDNA4_EXPECT(hy[i] == 2 * int(i) + 11, "y[%u]=%d, expected %d", i, hy[i], 2 * int(i) + 11);
  RDNA4_HIP_CHECK(hipEventDestroy(done_a));
  RDNA4_HIP_CHECK(hipStreamDestroy(a));
  RDNA4_HIP_CHECK(hipStreamDestroy(b));
  return rdna4_test_end();
}
