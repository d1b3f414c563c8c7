// Compiled against a ROCm HIP header set, not the project's headers: the real
// hipDeviceProp_t layout of that HIP version, for the members this library lists
// (../src/rocm_r0000_members.def for HIP 5.x, ../include/hip/hipemu_device_prop.def's R0600
// rows for HIP >= 6).
//  - Linked into the unit tests when a ROCm header set is found at configure time
//    (HIPEMU_ROCM_HIP_INCLUDE): test_rocm_abi.cpp compares it with src/rocm_abi.h.
//  - Built with -DHIPEMU_PROBE_MAIN, it prints the rows of rocm_layouts.def (how that file
//    was made: see its head).
#include <hip/hip_runtime_api.h>
#include <hip/hip_version.h>

#include <cstddef>
#include <cstdio>
#include <cstring>

#if HIP_VERSION_MAJOR >= 6
#define HIPEMU_PROBE_ABI "R0600"
#define HIPEMU_PROBE_KEEP_R0600(...) __VA_ARGS__
#define HIPEMU_PROBE_KEEP_R0000_R0600(...) __VA_ARGS__
#define HIPEMU_DEVICE_PROP(type, name, extent, abi) HIPEMU_PROBE_KEEP_##abi(HIPEMU_MEMBER(name))
#define HIPEMU_PROBE_MEMBERS "../include/hip/hipemu_device_prop.def"
#else
#define HIPEMU_PROBE_ABI "R0000"
#define HIPEMU_R0000(name) HIPEMU_MEMBER(name)
#define HIPEMU_R0000_OWN(type, name) HIPEMU_MEMBER(name)
#define HIPEMU_PROBE_MEMBERS "../src/rocm_r0000_members.def"
#endif

extern "C" int hipemu_probe_hip_major() { return HIP_VERSION_MAJOR; }
extern "C" int hipemu_probe_hip_minor() { return HIP_VERSION_MINOR; }
extern "C" size_t hipemu_probe_prop_size() { return sizeof(hipDeviceProp_t); }

// Offset of a member of the header's hipDeviceProp_t; (size_t)-1 for an unknown name.
extern "C" size_t hipemu_probe_prop_offset(const char* member) {
#define HIPEMU_MEMBER(m) \
  if (std::strcmp(member, #m) == 0) return offsetof(hipDeviceProp_t, m);
#include HIPEMU_PROBE_MEMBERS
#undef HIPEMU_MEMBER
  return (size_t)-1;
}

#if defined(HIPEMU_PROBE_MAIN)
int main() {
  std::printf("HIPEMU_ROCM_SIZEOF(%s, %zu, %zu)  // HIP %d.%d\n", HIPEMU_PROBE_ABI,
              sizeof(hipDeviceProp_t), alignof(hipDeviceProp_t), HIP_VERSION_MAJOR,
              HIP_VERSION_MINOR);
#define HIPEMU_MEMBER(m)                                                      \
  std::printf("HIPEMU_ROCM_%s(%s, %zu, %zu)\n", HIPEMU_PROBE_ABI, #m,          \
              offsetof(hipDeviceProp_t, m), sizeof(((hipDeviceProp_t*)0)->m));
#include HIPEMU_PROBE_MEMBERS
#undef HIPEMU_MEMBER
  return 0;
}
#endif
