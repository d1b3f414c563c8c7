// Entry points with ROCm's ABI where it differs from this library's own headers
// (rocm_abi.h): hipGetDeviceProperties / hipGetDevicePropertiesR0000 fill the HIP 5.x
// hipDeviceProp_t, hipGetDevicePropertiesR0600 HIP 6's. The values are those of
// hipemuGetDeviceProperties (device_api.cpp), copied member by member as
// include/hip/hipemu_device_prop.def lists them.
#include <cstring>

#include "rocm_abi.h"
#include "runtime.h"

// Our own header maps hipGetDeviceProperties to hipemuGetDeviceProperties; here the
// unsuffixed name is ROCm's 5.x entry point.
#undef hipGetDeviceProperties

using hipemu::rocm::DevicePropR0000;
using hipemu::rocm::DevicePropR0600;

namespace {
// Every row of hipemu_device_prop.def marked R0000 is a member of rocm_r0000_members.def and
// the other way round (but for R0000's own members): a row missing from the R0000 list
// does not compile below; one missing from the .def is caught by the counts.
constexpr int kDefRowsInR0000 = 0
#define HIPEMU_DEVICE_PROP(type, name, extent, abi) HIPEMU_R0000_IN_##abi(+1)
#include <hip/hipemu_device_prop.def>
#undef HIPEMU_DEVICE_PROP
    ;
constexpr int kR0000SharedRows = 0
#define HIPEMU_R0000(name) +1
#define HIPEMU_R0000_OWN(type, name)
#include "rocm_r0000_members.def"
#undef HIPEMU_R0000
#undef HIPEMU_R0000_OWN
    ;
static_assert(kDefRowsInR0000 == kR0000SharedRows,
              "hipemu_device_prop.def's R0000 rows and rocm_r0000_members.def disagree");

// One member: same type on both sides (the structures take their types from ours).
template <class T>
void copy_member(T& d, const T& s) {
  std::memcpy(&d, &s, sizeof d);
}

void copy(DevicePropR0000& d, const hipDeviceProp_t& p) {
#define HIPEMU_DEVICE_PROP(type, name, extent, abi) \
  HIPEMU_R0000_IN_##abi(copy_member(d.name, p.name);)
#include <hip/hipemu_device_prop.def>
#undef HIPEMU_DEVICE_PROP
  // HIP 5.x's numeric architecture: major * 100 + stepping (gfx1201 -> 1201).
  d.gcnArch = p.major * 100 + (std::strcmp(p.gcnArchName, "gfx1201") == 0 ? 1 : 0);
}

void copy(DevicePropR0600& d, const hipDeviceProp_t& p) {
#define HIPEMU_DEVICE_PROP(type, name, extent, abi) \
  HIPEMU_R0600_IN_##abi(copy_member(d.name, p.name);)
#include <hip/hipemu_device_prop.def>
#undef HIPEMU_DEVICE_PROP
}

// Query our own structure, zero *prop, copy the members the version has.
template <class Dst>
hipError_t fill(Dst* prop, int deviceId) {
  if (!prop) return hipemuGetDeviceProperties(nullptr, deviceId);  // records the error
  hipDeviceProp_t p;
  hipError_t e = hipemuGetDeviceProperties(&p, deviceId);
  if (e != hipSuccess) return e;
  std::memset(prop, 0, sizeof *prop);
  copy(*prop, p);
  return hipSuccess;
}
}  // namespace

extern "C" {

hipError_t hipGetDeviceProperties(DevicePropR0000* prop, int deviceId) {
  HIPEMU_API_BEGIN
  return fill(prop, deviceId);
  HIPEMU_API_END
}

hipError_t hipGetDevicePropertiesR0000(DevicePropR0000* prop, int deviceId) {
  HIPEMU_API_BEGIN
  return hipGetDeviceProperties(prop, deviceId);
  HIPEMU_API_END
}

hipError_t hipGetDevicePropertiesR0600(DevicePropR0600* prop, int deviceId) {
  HIPEMU_API_BEGIN
  return fill(prop, deviceId);
  HIPEMU_API_END
}

}  // extern "C"
