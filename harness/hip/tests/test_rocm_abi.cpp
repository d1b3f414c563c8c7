// The HIP 5.x hipDeviceProp_t that libhipemu.so fills for programs built with ROCm's
// headers (src/rocm_abi.h) against the real header: every member's offset and the size.
// Needs a ROCm HIP header set at configure time (HIPEMU_ROCM_HIP_INCLUDE; Debian:
// apt-get install libamdhip64-dev, found in /usr/include); skipped without one, when the
// static assertions in src/rocm_abi.h are the only check. Also: the entry point fills the
// structure with the emulator's values.
#include <gtest/gtest.h>

#include <cstring>

#include <hip/hip_runtime_api.h>

#include "../src/rocm_abi.h"
#include "fake_device.h"
#include "test_support.h"

#undef hipGetDeviceProperties
extern "C" hipError_t hipGetDeviceProperties(hipemu::rocm::DevicePropR0000*, int);
extern "C" hipError_t hipGetDevicePropertiesR0600(hipemu::rocm::DevicePropR0600*, int);

#if defined(HIPEMU_HAVE_ROCM_LAYOUT)
extern "C" int hipemu_probe_hip_major();
extern "C" int hipemu_probe_hip_minor();
extern "C" size_t hipemu_probe_prop_size();
extern "C" size_t hipemu_probe_prop_offset(const char* member);
#endif

namespace {

using hipemu::rocm::DevicePropR0000;

TEST(RocmAbi, R0000LayoutMatchesInstalledHeader) {
#if defined(HIPEMU_HAVE_ROCM_LAYOUT)
  if (hipemu_probe_hip_major() != 5)
    GTEST_SKIP() << "installed HIP headers are " << hipemu_probe_hip_major() << "."
                 << hipemu_probe_hip_minor() << ", not 5.x";
  EXPECT_EQ(hipemu_probe_prop_size(), sizeof(DevicePropR0000));
  int n = 0;
#define HIPEMU_MEMBER(m)                                                             \
  EXPECT_EQ(hipemu_probe_prop_offset(#m), offsetof(DevicePropR0000, m)) << #m;      \
  ++n;
#include "r0000_members.def"
#undef HIPEMU_MEMBER
  EXPECT_EQ(n, 55);
#else
  GTEST_SKIP() << "no ROCm HIP headers at configure time (HIPEMU_ROCM_HIP_INCLUDE; Debian: "
                  "libamdhip64-dev): only src/rocm_abi.h's static assertions check the layout";
#endif
}

TEST(RocmAbi, R0000EntryPointFillsTheStructure) {
  DevicePropR0000 p;
  std::memset(&p, 0xab, sizeof p);
  ASSERT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
  EXPECT_STREQ(p.name, "RDNA4 emulator (gfx1201)");  // ctest sets RDNA4_EMU_ARCH=gfx1201
  EXPECT_STREQ(p.gcnArchName, "gfx1201");
  EXPECT_EQ(p.warpSize, 32);
  EXPECT_EQ(p.maxThreadsPerBlock, 1024);
  EXPECT_EQ(p.sharedMemPerBlock, 65536u);
  EXPECT_EQ(p.maxSharedMemoryPerMultiProcessor, 65536u);
  EXPECT_EQ(p.multiProcessorCount, 32);  // WGPs, as ROCm counts them
  EXPECT_EQ(p.major, 12);
  EXPECT_EQ(p.memPitch, size_t(1) << 31);
  EXPECT_EQ(p.arch.hasDoubles, 1u);
  EXPECT_EQ(p.arch.hasDynamicParallelism, 0u);
  EXPECT_EQ(p.pageableMemoryAccessUsesHostPageTables, 0);  // zeroed, not left as 0xab
  EXPECT_EQ(hipGetDeviceProperties(&p, 1), hipErrorInvalidDevice);
  EXPECT_EQ(hipGetDeviceProperties(nullptr, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
}

TEST(RocmAbi, R0600EntryPointFillsTheStructure) {
  hipemu::rocm::DevicePropR0600 p;
  std::memset(&p, 0xab, sizeof p);
  ASSERT_EQ(hipGetDevicePropertiesR0600(&p, 0), hipSuccess);
  EXPECT_STREQ(p.name, "RDNA4 emulator (gfx1201)");
  EXPECT_STREQ(p.gcnArchName, "gfx1201");
  EXPECT_EQ(p.warpSize, 32);
  EXPECT_EQ(p.maxThreadsPerBlock, 1024);
  EXPECT_EQ(p.sharedMemPerBlock, 65536u);
  EXPECT_EQ(p.sharedMemPerBlockOptin, 65536u);
  EXPECT_EQ(p.maxSharedMemoryPerMultiProcessor, 65536u);
  EXPECT_EQ(p.multiProcessorCount, 32);  // WGPs, as ROCm counts them
  EXPECT_EQ(p.major, 12);
  EXPECT_EQ(p.memPitch, size_t(1) << 31);
  EXPECT_EQ(p.l2CacheSize, 8 << 20);
  EXPECT_EQ(p.arch.hasWarpShuffle, 1u);
  EXPECT_EQ(p.asicRevision, 0);  // zeroed, not left as 0xab
  EXPECT_EQ(p.hipReserved[31], 0);
  EXPECT_EQ(hipGetDevicePropertiesR0600(&p, 1), hipErrorInvalidDevice);
  EXPECT_EQ(hipGetDevicePropertiesR0600(nullptr, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
}

}  // namespace
