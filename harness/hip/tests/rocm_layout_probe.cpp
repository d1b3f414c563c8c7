// Compiled against an installed ROCm HIP header set (HIPEMU_ROCM_HIP_INCLUDE), not the
// project's headers: reports the real hipDeviceProp_t layout to test_rocm_abi.cpp.
#include <hip/hip_runtime_api.h>
#include <hip/hip_version.h>

#include <cstddef>
#include <cstring>

extern "C" int hipemu_probe_hip_major() { return HIP_VERSION_MAJOR; }
extern "C" int hipemu_probe_hip_minor() { return HIP_VERSION_MINOR; }
extern "C" size_t hipemu_probe_prop_size() { return sizeof(hipDeviceProp_t); }

// Offset of a member of the header's hipDeviceProp_t; (size_t)-1 for an unknown name.
extern "C" size_t hipemu_probe_prop_offset(const char* member) {
#define HIPEMU_MEMBER(m) \
  if (std::strcmp(member, #m) == 0) return offsetof(hipDeviceProp_t, m);
#include "r0000_members.def"
#undef HIPEMU_MEMBER
  return (size_t)-1;
}
