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
  const DevicePropR0000 p = hipemu_test::expect_gfx1201_properties<DevicePropR0000>(
      [](DevicePropR0000* q, int d) { return hipGetDeviceProperties(q, d); });
  EXPECT_EQ(p.gcnArch, 1201);  // HIP 5's number for gfx1201: major * 100 + stepping
  EXPECT_EQ(p.pageableMemoryAccessUsesHostPageTables, 0);  // zeroed, not left as 0xab
}

TEST(RocmAbi, R0600EntryPointFillsTheStructure) {
  const DevicePropR0600 p = hipemu_test::expect_gfx1201_properties<DevicePropR0600>(
      [](DevicePropR0600* q, int d) { return hipGetDevicePropertiesR0600(q, d); });
  EXPECT_EQ(p.sharedMemPerBlockOptin, 65536u);
  EXPECT_EQ(p.l2CacheSize, 8 << 20);
  // Members only HIP 6 has, from src/device_attributes.cpp fill_model_properties: host
  // memory registration is supported and maps at the host address; device atomics on
  // host memory are host atomics.
  EXPECT_EQ(p.hostRegisterSupported, 1);
  EXPECT_EQ(p.canUseHostPointerForRegisteredMem, 1);
  EXPECT_EQ(p.hostNativeAtomicSupported, 1);
  EXPECT_EQ(p.asicRevision, 0);  // zeroed, not left as 0xab
  EXPECT_EQ(p.hipReserved[31], 0);
}

}  // namespace
