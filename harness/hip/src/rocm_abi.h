// ROCm's runtime ABI where it differs from this library's own headers: the hipDeviceProp_t
// layouts of the HIP versions whose headers `hipcc --hip-path` accepts
// (harness/conformance/hip_path.py, layout_for). A program built with those headers passes
// these structures to the entry points of rocm_abi.cpp.
//
// Both structures are generated from member lists, with the types of this library's
// hipDeviceProp_t (include/hip/hipemu_device_prop.def):
//  - R0000: hipDeviceProp_t of HIP 5.x, passed to `hipGetDeviceProperties` (HIP >= 6 keeps
//    the same structure under the entry point hipGetDevicePropertiesR0000); member order
//    from rocm_r0000_members.def.
//  - R0600: hipDeviceProp_t of HIP >= 6 (the headers map the name to hipDeviceProp_tR0600
//    and hipGetDeviceProperties to hipGetDevicePropertiesR0600; the "R0600" tag freezes the
//    layout): the rows of hipemu_device_prop.def whose abi names R0600, in that order.
// tests/test_rocm_abi.cpp compares both layouts (size, every member's offset and size) with
// figures measured from ROCm's headers (tests/rocm_layouts.def).
#pragma once

#include <cstddef>

#include <hip/hip_runtime_api.h>

// HIPEMU_<structure>_IN_<abi column>(text): the text where the structure has the member.
#define HIPEMU_ABI_KEEP(...) __VA_ARGS__
#define HIPEMU_ABI_DROP(...)
#define HIPEMU_R0000_IN_R0600 HIPEMU_ABI_DROP
#define HIPEMU_R0000_IN_R0000_R0600 HIPEMU_ABI_KEEP
#define HIPEMU_R0600_IN_R0600 HIPEMU_ABI_KEEP
#define HIPEMU_R0600_IN_R0000_R0600 HIPEMU_ABI_KEEP

namespace hipemu {
namespace rocm {

struct DevicePropR0000 {
#define HIPEMU_R0000(name) decltype(hipDeviceProp_t::name) name;
#define HIPEMU_R0000_OWN(type, name) type name;
#include "rocm_r0000_members.def"
#undef HIPEMU_R0000
#undef HIPEMU_R0000_OWN
};

struct DevicePropR0600 {
#define HIPEMU_DEVICE_PROP(type, name, extent, abi) HIPEMU_R0600_IN_##abi(type name extent;)
#include <hip/hipemu_device_prop.def>
#undef HIPEMU_DEVICE_PROP
};

}  // namespace rocm
}  // namespace hipemu
