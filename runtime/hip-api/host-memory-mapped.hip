// Pinned and mapped host memory (HIP documentation, "Host memory"; ROCm's
// hip_runtime_api.h): hipHostMalloc with hipHostMallocMapped gives memory a kernel reads and
// writes through hipHostGetDevicePointer's pointer, seen by the host once the kernel is
// synchronised; hipHostRegister makes an ordinary host allocation device-accessible the
// same way; pinned memory is a valid source/destination of hipMemcpy in any direction;
// size 0 gives nullptr and hipSuccess; hipHostGetFlags returns the allocation's flags; the
// documented errors: hipHostFree of a pointer hipHostMalloc did not return and
// hipHostUnregister of an unregistered pointer.
// The other allocators: hipHostAlloc and hipExtHostAlloc (hipHostMalloc's successors in
// ROCm 6.3) with each flag, hipMallocHost and hipMemAllocHost (deprecated forms of
// hipHostMalloc(ptr, size, 0)) freed by hipFreeHost: each gives memory a kernel writes
// through its device pointer, hipHostGetFlags returns the flags given; Coherent with
// NonCoherent is hipErrorInvalidValue (ROCm's header: mutually exclusive). hipHostRegister
// accepts every flag up to 15 and refuses larger ones (ROCm/clr hip_memory.cpp
// ihipHostRegister: flags > 15 is hipErrorInvalidValue). Every flag macro has ROCm's value.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: mapped ok
// CHECK: registered ok
// CHECK: memcpy ok
// CHECK: flag values ok
// CHECK: allocators ok
// CHECK: register flags ok
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

  // ROCm's flag values (ROCm/HIP include/hip/hip_runtime_api.h).
  static_assert(hipHostAllocDefault == 0x0 && hipHostAllocPortable == 0x1 && hipHostAllocMapped == 0x2 &&
                    hipHostAllocWriteCombined == 0x4 && hipHostMallocPortable == 0x1 &&
                    hipHostMallocWriteCombined == 0x4 && hipHostMallocNumaUser == 0x20000000 &&
                    hipHostMallocCoherent == 0x40000000 && hipHostMallocNonCoherent == 0x80000000u &&
                    hipHostRegisterDefault == 0x0 && hipHostRegisterPortable == 0x1 &&
                    hipHostRegisterIoMemory == 0x4 && hipHostRegisterReadOnly == 0x8 &&
                    hipExtHostRegisterCoarseGrained == 0x8,
                "host memory flags differ from ROCm's");
  std::printf("flag values ok\n");
  {
    struct Alloc { const char* api; unsigned flags; };
    const Alloc allocs[] = {
        {"hipHostAlloc", hipHostAllocDefault}, {"hipHostAlloc", hipHostAllocPortable | hipHostAllocMapped},
        {"hipHostAlloc", hipHostAllocWriteCombined | hipHostAllocMapped},
        {"hipExtHostAlloc", hipHostMallocCoherent}, {"hipExtHostAlloc", hipHostMallocNonCoherent},
        {"hipExtHostAlloc", hipHostMallocNumaUser | hipHostMallocPortable},
        {"hipMallocHost", 0}, {"hipMemAllocHost", 0}};
    int good = 0;
    for (const Alloc& a : allocs) {
      int* p = nullptr;
      const bool ext = !std::strcmp(a.api, "hipExtHostAlloc"), alloc = !std::strcmp(a.api, "hipHostAlloc");
      if (alloc) RDNA4_HIP_CHECK(hipHostAlloc((void**)&p, n * sizeof(int), a.flags));
      else if (ext) RDNA4_HIP_CHECK(hipExtHostAlloc((void**)&p, n * sizeof(int), a.flags));
      else if (!std::strcmp(a.api, "hipMallocHost")) RDNA4_HIP_CHECK(hipMallocHost((void**)&p, n * sizeof(int)));
      else RDNA4_HIP_CHECK(hipMemAllocHost((void**)&p, n * sizeof(int)));
      unsigned got_flags = ~0u;
      RDNA4_HIP_CHECK(hipHostGetFlags(&got_flags, p));
      for (int i = 0; i < n; ++i) p[i] = 2 * i;
      int* dp = nullptr;
      RDNA4_HIP_CHECK(hipHostGetDevicePointer((void**)&dp, p, 0));
      square_in_place<<<(n + 255) / 256, 256>>>(dp, n);
      RDNA4_HIP_CHECK(hipDeviceSynchronize());
      int wrong = 0;
      for (int i = 0; i < n; ++i) wrong += p[i] != 4 * i * i + 1;
      // ROCm may add bits of its own (hipHostMallocMapped and the like) to what it reports.
      bool ok = wrong == 0 && (got_flags & a.flags) == a.flags;
      RDNA4_EXPECT(ok, "%s(0x%x): %d wrong elements, flags 0x%x", a.api, a.flags, wrong, got_flags);
      good += ok;
      if (alloc || ext) RDNA4_HIP_CHECK(hipHostFree(p));
      else RDNA4_HIP_CHECK(hipFreeHost(p));
    }
    void* p = nullptr;
    hipError_t e = hipExtHostAlloc(&p, 64, hipHostMallocCoherent | hipHostMallocNonCoherent);
    RDNA4_EXPECT(e == hipErrorInvalidValue, "Coherent|NonCoherent: %s", hipGetErrorName(e));
    (void)hipGetLastError();
    if (good == 8 && e == hipErrorInvalidValue) std::printf("allocators ok\n");
  }
  {
    std::vector<int> buf(1024);
    int good = 0;
    for (unsigned f : {(unsigned)hipHostRegisterDefault, (unsigned)hipHostRegisterPortable,
                       (unsigned)hipHostRegisterIoMemory, (unsigned)hipHostRegisterReadOnly,
                       (unsigned)(hipExtHostRegisterCoarseGrained | hipHostRegisterMapped), 15u}) {
      hipError_t e = hipHostRegister(buf.data(), buf.size() * sizeof(int), f);
      unsigned got_flags = ~0u;
      if (e == hipSuccess) RDNA4_HIP_CHECK(hipHostGetFlags(&got_flags, buf.data()));
      bool ok = e == hipSuccess && got_flags == f;
      RDNA4_EXPECT(ok, "hipHostRegister flags 0x%x: %s, flags 0x%x", f, hipGetErrorName(e), got_flags);
      good += ok;
      if (e == hipSuccess) RDNA4_HIP_CHECK(hipHostUnregister(buf.data()));
    }
    hipError_t e = hipHostRegister(buf.data(), buf.size() * sizeof(int), 16);
    RDNA4_EXPECT(e == hipErrorInvalidValue, "hipHostRegister flags 16: %s", hipGetErrorName(e));
    (void)hipGetLastError();
    if (good == 6 && e == hipErrorInvalidValue) std::printf("register flags ok\n");
  }

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
