// ROCm's hipDeviceProp_t layouts that libhipemu.so fills for programs built with ROCm's
// headers (src/rocm_abi.h) against ROCm's own: the size and every member's offset and size,
// from the figures measured from ROCm's headers (rocm_layouts.def) and, when a ROCm HIP
// header set was found at configure time (HIPEMU_ROCM_HIP_INCLUDE; Debian: apt-get install
// libamdhip64-dev, found in /usr/include), from that header compiled here
// (rocm_layout_probe.cpp). Also: the entry points fill the structures with the emulator's
// values.
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
using hipemu::rocm::DevicePropR0600;

// Members of each structure, counted from the lists that generate it.
constexpr int kR0000Members = 0
#define HIPEMU_R0000(name) +1
#define HIPEMU_R0000_OWN(type, name) +1
#include "../src/rocm_r0000_members.def"
#undef HIPEMU_R0000
#undef HIPEMU_R0000_OWN
    ;
constexpr int kR0600Members = 0
#define HIPEMU_DEVICE_PROP(type, name, extent, abi) HIPEMU_R0600_IN_##abi(+1)
#include <hip/hipemu_device_prop.def>
#undef HIPEMU_DEVICE_PROP
    ;

TEST(RocmAbi, SizesMatchRocmFigures) {
  int n = 0;
#define HIPEMU_ROCM_SIZEOF(abi, size, align)                     \
  EXPECT_EQ(sizeof(hipemu::rocm::DeviceProp##abi), size##u) << #abi; \
  EXPECT_EQ(alignof(hipemu::rocm::DeviceProp##abi), align##u) << #abi; \
  ++n;
#define HIPEMU_ROCM_R0000(member, offset, size)
#define HIPEMU_ROCM_R0600(member, offset, size)
#include "rocm_layouts.def"
#undef HIPEMU_ROCM_SIZEOF
#undef HIPEMU_ROCM_R0000
#undef HIPEMU_ROCM_R0600
  EXPECT_EQ(n, 2);
}

// Every member of the structure at ROCm's offset with ROCm's size, and no member without
// a figure.
#define HIPEMU_EXPECT_MEMBER(Struct, member, offset, size)            \
  EXPECT_EQ(offsetof(Struct, member), size_t(offset)) << #member;      \
  EXPECT_EQ(sizeof(Struct::member), size_t(size)) << #member;          \
  ++n;

TEST(RocmAbi, R0000LayoutMatchesRocmFigures) {
  int n = 0;
#define HIPEMU_ROCM_SIZEOF(abi, size, align)
#define HIPEMU_ROCM_R0000(member, offset, size) \
  HIPEMU_EXPECT_MEMBER(DevicePropR0000, member, offset, size)
#define HIPEMU_ROCM_R0600(member, offset, size)
#include "rocm_layouts.def"
#undef HIPEMU_ROCM_SIZEOF
#undef HIPEMU_ROCM_R0000
#undef HIPEMU_ROCM_R0600
  EXPECT_EQ(n, kR0000Members);
}

TEST(RocmAbi, R0600LayoutMatchesRocmFigures) {
  int n = 0;
#define HIPEMU_ROCM_SIZEOF(abi, size, align)
#define HIPEMU_ROCM_R0000(member, offset, size)
#define HIPEMU_ROCM_R0600(member, offset, size) \
  HIPEMU_EXPECT_MEMBER(DevicePropR0600, member, offset, size)
#include "rocm_layouts.def"
#undef HIPEMU_ROCM_SIZEOF
#undef HIPEMU_ROCM_R0000
#undef HIPEMU_ROCM_R0600
  EXPECT_EQ(n, kR0600Members);
}

// The installed ROCm header, compiled at build time: HIP 5.x's R0000 or HIP 6's R0600.
TEST(RocmAbi, LayoutMatchesInstalledHeader) {
#if defined(HIPEMU_HAVE_ROCM_LAYOUT)
  int n = 0;
#define HIPEMU_MEMBER(Struct, m) \
  EXPECT_EQ(hipemu_probe_prop_offset(#m), offsetof(Struct, m)) << #m; \
  ++n;
  if (hipemu_probe_hip_major() == 5) {
    EXPECT_EQ(hipemu_probe_prop_size(), sizeof(DevicePropR0000));
#define HIPEMU_R0000(name) HIPEMU_MEMBER(DevicePropR0000, name)
#define HIPEMU_R0000_OWN(type, name) HIPEMU_MEMBER(DevicePropR0000, name)
#include "../src/rocm_r0000_members.def"
#undef HIPEMU_R0000
#undef HIPEMU_R0000_OWN
    EXPECT_EQ(n, kR0000Members);
  } else if (hipemu_probe_hip_major() == 6) {
    EXPECT_EQ(hipemu_probe_prop_size(), sizeof(DevicePropR0600));
#define HIPEMU_DEVICE_PROP(type, name, extent, abi) \
  HIPEMU_R0600_IN_##abi(HIPEMU_MEMBER(DevicePropR0600, name))
#include <hip/hipemu_device_prop.def>
#undef HIPEMU_DEVICE_PROP
    EXPECT_EQ(n, kR0600Members);
  } else {
    GTEST_SKIP() << "installed HIP headers are " << hipemu_probe_hip_major() << "."
                 << hipemu_probe_hip_minor() << ", neither 5.x nor 6.x";
  }
#undef HIPEMU_MEMBER
#else
  GTEST_SKIP() << "no ROCm HIP headers at configure time (HIPEMU_ROCM_HIP_INCLUDE; Debian: "
                  "libamdhip64-dev): rocm_layouts.def's figures are the only check";
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
  // Members only HIP 6 has, from src/device_attributes.cpp fill_model_properties: host
  // memory registration is supported and maps at the host address; device atomics on
  // host memory are host atomics.
  EXPECT_EQ(p.hostRegisterSupported, 1);
  EXPECT_EQ(p.canUseHostPointerForRegisteredMem, 1);
  EXPECT_EQ(p.hostNativeAtomicSupported, 1);
  EXPECT_EQ(p.asicRevision, 0);  // zeroed, not left as 0xab
  EXPECT_EQ(p.hipReserved[31], 0);
  EXPECT_EQ(hipGetDevicePropertiesR0600(&p, 1), hipErrorInvalidDevice);
  EXPECT_EQ(hipGetDevicePropertiesR0600(nullptr, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
}

}  // namespace
