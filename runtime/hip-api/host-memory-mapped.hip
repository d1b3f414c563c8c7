// Pinned and mapped host memory (HIP documentation, "Host memory"; ROCm's
// hip_runtime_api.h): hipHostMalloc with hipHostMallocMapped gives memory a kernel reads and
// writes through hipHostGetDevicePointer's pointer, seen by the host once the kernel is
// synchronised; hipHostRegister makes an ordinary host allocation device-accessible the
// same way; pinned memory is a valid source/destination of hipMemcpy in any direction;
// size 0 gives nullptr and hipSuccess; hipHostGetFlags returns the allocation's flags; the
// documented errors: hipHostFree of a pointer hipHostMalloc did not return and
// hipHostUnregister of an unregistered pointer.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: mapped ok
// CHECK: registered ok
// CHECK: memcpy ok
// CHECK: ok: hipHostFree(&stack_value) -> hipErrorInvalidValue
// CHECK: ok: hipHostUnregister(&stack_value) -> hipErrorHostMemoryNotRegistered
// CHECK: PASS
#include "rdna4_test.h"

#include <vector>

__global__ void square_in_place(int* p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) p[i] = p[i] * p[i] + 1;
}

__global__ void sum_into(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(out, in[i]);
}

int main() {
  rdna4_test_begin();
  const int n = 1000;

  // Mapped allocation: the kernel works on host memory directly.
  int* host = nullptr;
  RDNA4_HIP_CHECK(hipHostMalloc(&host, n * sizeof(int), hipHostMallocMapped));
  RDNA4_EXPECT(host != nullptr, "hipHostMalloc returned nullptr");
  unsigned flags = 0;
  RDNA4_HIP_CHECK(hipHostGetFlags(&flags, host));
  RDNA4_EXPECT(flags & hipHostMallocMapped, "flags=0x%x", flags);
  for (int i = 0; i < n; ++i) host[i] = i - 500;
  int* dev = nullptr;
  RDNA4_HIP_CHECK(hipHostGetDevicePointer((void**)&dev, host, 0));
  square_in_place<<<(n + 255) / 256, 256>>>(dev, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += host[i] != (i - 500) * (i - 500) + 1;
  RDNA4_EXPECT(bad == 0, "%d wrong elements", bad);
  if (!bad) std::printf("mapped ok\n");

  // Registered ordinary host memory.
  std::vector<int> values(n);
  long long expected = 0;
  for (int i = 0; i < n; ++i) {
    values[i] = 3 * i + 7;
    expected += values[i];
  }
  RDNA4_HIP_CHECK(hipHostRegister(values.data(), n * sizeof(int), hipHostRegisterMapped));
  int* values_dev = nullptr;
  RDNA4_HIP_CHECK(hipHostGetDevicePointer((void**)&values_dev, values.data(), 0));
  int* sum = nullptr;
  RDNA4_HIP_CHECK(hipMalloc(&sum, sizeof(int)));
  RDNA4_HIP_CHECK(hipMemset(sum, 0, sizeof(int)));
  sum_into<<<(n + 127) / 128, 128>>>(values_dev, sum, n);
  int got = 0;
  RDNA4_HIP_CHECK(hipMemcpy(&got, sum, sizeof(int), hipMemcpyDeviceToHost));
  RDNA4_EXPECT(got == expected, "sum=%d expected %lld", got, expected);
  if (got == expected) std::printf("registered ok\n");
  RDNA4_HIP_CHECK(hipHostUnregister(values.data()));

  // hipMemcpy with pinned memory on either side.
  int* back = nullptr;
  RDNA4_HIP_CHECK(hipHostMalloc((void**)&back, n * sizeof(int), hipHostMallocDefault));
  int* d = nullptr;
  RDNA4_HIP_CHECK(hipMalloc(&d, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(d, host, n * sizeof(int), hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(back, d, n * sizeof(int), hipMemcpyDeviceToHost));
  bad = 0;
  for (int i = 0; i < n; ++i) bad += back[i] != host[i];
  RDNA4_EXPECT(bad == 0, "%d wrong elements after H2D/D2H", bad);
  if (!bad) std::printf("memcpy ok\n");

  // Size 0: nullptr and success.
  void* zero = (void*)1;
  RDNA4_HIP_CHECK(hipHostMalloc(&zero, 0, 0));
  RDNA4_EXPECT(zero == nullptr, "size 0 gave %p", zero);

  int stack_value = 0;
  RDNA4_HIP_EXPECT_ERROR(hipHostFree(&stack_value), hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(hipHostUnregister(&stack_value), hipErrorHostMemoryNotRegistered);
  (void)hipGetLastError();

  RDNA4_HIP_CHECK(hipHostFree(host));
  RDNA4_HIP_CHECK(hipHostFree(back));
  RDNA4_HIP_CHECK(hipHostFree(nullptr));
  RDNA4_HIP_CHECK(hipFree(d));
  RDNA4_HIP_CHECK(hipFree(sum));
  return rdna4_test_end();
}
