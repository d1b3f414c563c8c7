// What a HIP translation unit sees as it does with ROCm (clang pre-includes its
// __clang_hip_runtime_wrapper.h; ROCm's hip_runtime.h, amd_hip_runtime.h and host_defines.h):
// - before any #include: __global__ / __device__, uint32_t, std::min, sqrtf on the device;
// - after <hip/hip_runtime.h> alone: fabs, memset, printf, std::complex, assert, __align__,
//   __forceinline__, __noinline__, two-argument __launch_bounds__, HIP_KERNEL_NAME,
//   __hip_internal's integer types;
// - __half built from _Float16 (ROCm's __half(_Float16): the same bits); __hip_bfloat16 from
//   unsigned int, short, unsigned short (ROCm's constructors, rounded to nearest even);
// - <hip/hip_fp8.h>: HIP_FP8_TYPE_OCP 1 everywhere, HIP_FP8_TYPE_FNUZ 1 on the host and 0 in
//   gfx12 device code (ROCm's amd_hip_fp8.h);
// - hipDeviceProp_t::arch: the flags ROCm's runtime sets (ROCm/clr hipamd/src/hip_device.cpp:
//   atomics, doubles, warp vote/ballot/shuffle, threadfence_system, 3-D grid: 1; funnel
//   shift, __syncthreads_count & co., surface functions, dynamic parallelism: 0) and
//   gcnArchName the device's gfx name;
// - ROCm's fixed-width names __hip_{u,}int{8,16,32}_t and __hip_internal's traits
//   (integral_constant, bool_constant, true_type, false_type, is_integral, is_arithmetic,
//   is_signed) with the standard meanings; std::is_floating_point<_Float16> is true
//   (amd_hip_fp16.h specialises it); hipUUID_t is 16 bytes; the flags of
//   hipLaunchCooperativeKernelMultiDevice have ROCm's values (NoPreSync 0x01, NoPostSync
//   0x02);
// - hipError_t is [[nodiscard]] (ROCm's __HIP_NODISCARD on the enumeration, C++17): a call
//   whose hipError_t is dropped is diagnosed (third RUN line; clang 22 reports it under
//   -Wunused-value, clang 19 under -Wunused-result).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// RUN: not %hipcc_base -fsyntax-only -Werror=unused-value -Werror=unused-result -DHIPEMU_NODISCARD_TEST %s 2>&1 | FileCheck %s --check-prefix=DISCARD
// CHECK: environment ok
// CHECK: PASS
// DISCARD: error: ignoring return value of {{.*}}declared with 'nodiscard' attribute

// Before any include, as clang's wrapper header allows.
__device__ uint32_t early(uint32_t a, uint32_t b) { return std::min(a, b) + (uint32_t)sqrtf(16.0f); }

#include <hip/hip_runtime.h>

#include <hip/hip_bf16.h>
#include <hip/hip_fp16.h>
#include <hip/hip_fp8.h>

#include "rdna4_test.h"

struct __align__(16) Aligned {
  float v;
};
static_assert(alignof(Aligned) == 16, "__align__");
static_assert(sizeof(__hip_internal::int8_t) == 1 && (__hip_internal::int8_t)-1 < 0, "int8_t");
static_assert(sizeof(__hip_uint64_t) == 8, "__hip_uint64_t");
static_assert(sizeof(__hip_int8_t) == 1 && sizeof(__hip_uint8_t) == 1 && sizeof(__hip_int16_t) == 2 &&
                  sizeof(__hip_uint16_t) == 2 && sizeof(__hip_int32_t) == 4 && sizeof(__hip_uint32_t) == 4 &&
                  sizeof(__hip_int64_t) == 8,
              "__hip_*int*_t widths");
static_assert((__hip_int8_t)-1 < 0 && (__hip_int16_t)-1 < 0 && (__hip_int32_t)-1 < 0 &&
                  (__hip_int64_t)-1 < 0 && (__hip_uint8_t)-1 > 0 && (__hip_uint16_t)-1 > 0 &&
                  (__hip_uint32_t)-1 > 0,
              "__hip_*int*_t signedness");
static_assert(__hip_internal::integral_constant<int, 3>::value == 3 && __hip_internal::true_type::value &&
                  !__hip_internal::false_type::value && __hip_internal::bool_constant<true>::value,
              "__hip_internal constants");
static_assert(__hip_internal::is_integral<short>::value && !__hip_internal::is_integral<float>::value &&
                  __hip_internal::is_arithmetic<double>::value && !__hip_internal::is_arithmetic<int*>::value &&
                  __hip_internal::is_signed<int>::value && !__hip_internal::is_signed<unsigned>::value,
              "__hip_internal traits");
static_assert(std::is_floating_point<_Float16>::value, "ROCm's amd_hip_fp16.h: is_floating_point<_Float16>");
static_assert(sizeof(hipUUID_t) == 16 && sizeof(hipUUID_t::bytes) == 16, "hipUUID_t");
static_assert(hipCooperativeLaunchMultiDeviceNoPreSync == 0x01 && hipCooperativeLaunchMultiDeviceNoPostSync == 0x02,
              "ROCm's multi-device cooperative launch flags");
#ifdef HIPEMU_NODISCARD_TEST
void drops_the_error() { hipFree(nullptr); }
#endif
static_assert(HIP_FP8_TYPE_OCP == 1, "OCP fp8 types on every side");
#if !defined(__HIP_DEVICE_COMPILE__)
static_assert(HIP_FP8_TYPE_FNUZ == 1, "ROCm: the FNUZ types count as supported on the host");
#endif

__forceinline__ __device__ float twice(float x) { return 2.0f * fabs(x); }
__noinline__ __device__ int plus_one(int x) { return x + 1; }

template <int N>
__global__ void __launch_bounds__(256, 2) kernel(uint32_t* out, int* fnuz) {
  out[0] = early(7u, 9u);                        // min(7, 9) + 4 = 11
  out[1] = (uint32_t)twice(-3.5f);               // 7
  out[2] = (uint32_t)plus_one(N);                // N + 1
  _Float16 h = (_Float16)1.5f;
  __half x = h;                                  // 1.5 in binary16: 0x3e00
  out[3] = __half_as_ushort(x);
  *fnuz = HIP_FP8_TYPE_FNUZ;
}

int main() {
  rdna4_test_begin();
  uint32_t* d;
  int* dfnuz;
  RDNA4_HIP_CHECK(hipMalloc(&d, 4 * sizeof(uint32_t)));
  RDNA4_HIP_CHECK(hipMalloc(&dfnuz, sizeof(int)));
  hipLaunchKernelGGL(HIP_KERNEL_NAME(kernel<41>), dim3(1), dim3(64), 0, 0, d, dfnuz);
  RDNA4_HIP_CHECK(hipGetLastError());
  uint32_t out[4];
  int fnuz = -1;
  RDNA4_HIP_CHECK(hipMemcpy(out, d, sizeof out, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(&fnuz, dfnuz, sizeof fnuz, hipMemcpyDeviceToHost));
  RDNA4_EXPECT(out[0] == 11 && out[1] == 7 && out[2] == 42, "device: %u %u %u", out[0], out[1], out[2]);
  RDNA4_EXPECT(out[3] == 0x3e00, "device __half(_Float16 1.5) = 0x%04x", out[3]);
  RDNA4_EXPECT(fnuz == 0, "HIP_FP8_TYPE_FNUZ in gfx12 device code: %d", fnuz);
  _Float16 hh = (_Float16)-0.25f;
  __half hx = hh;  // -0.25: 0xb400
  RDNA4_EXPECT(__half_as_ushort(hx) == 0xb400, "host __half(_Float16 -0.25) = 0x%04x", __half_as_ushort(hx));
  // __hip_bfloat16 from the integer types ROCm's has constructors for: 257 is a tie between 256
  // and 258 (8 significant bits), to the even 256 = 0x4380; -3 = 0xc040; 7 = 0x40e0.
  RDNA4_EXPECT(__bfloat16_as_ushort(__hip_bfloat16(257u)) == 0x4380 &&
                   __bfloat16_as_ushort(__hip_bfloat16((short)-3)) == 0xc040 &&
                   __bfloat16_as_ushort(__hip_bfloat16((unsigned short)7)) == 0x40e0,
               "__hip_bfloat16 from unsigned / short / unsigned short");

  // Standard names through <hip/hip_runtime.h> alone.
  char buf[8];
  memset(buf, 'x', sizeof buf);
  std::complex<double> c(3.0, 4.0);
  assert(buf[7] == 'x');
  RDNA4_EXPECT(std::abs(c) == 5.0 && fabs(-2.0) == 2.0 && buf[0] == 'x', "host library");

  hipDeviceProp_t p;
  RDNA4_HIP_CHECK(hipGetDeviceProperties(&p, 0));
  const hipDeviceArch_t& a = p.arch;
  RDNA4_EXPECT(a.hasGlobalInt32Atomics && a.hasGlobalFloatAtomicExch && a.hasSharedInt32Atomics &&
                   a.hasSharedFloatAtomicExch && a.hasFloatAtomicAdd && a.hasGlobalInt64Atomics &&
                   a.hasSharedInt64Atomics && a.hasDoubles && a.hasWarpVote && a.hasWarpBallot &&
                   a.hasWarpShuffle && a.hasThreadFenceSystem && a.has3dGrid,
               "arch: a flag ROCm sets is 0");
  RDNA4_EXPECT(!a.hasFunnelShift && !a.hasSyncThreadsExt && !a.hasSurfaceFuncs && !a.hasDynamicParallelism,
               "arch: a flag ROCm leaves 0 is set");
  RDNA4_EXPECT(std::strncmp(p.gcnArchName, rdna4_device_info().arch, 7) == 0, "gcnArchName %s, device %s",
               p.gcnArchName, rdna4_device_info().arch);
  std::printf("environment ok\n");
  return rdna4_test_end();
}
