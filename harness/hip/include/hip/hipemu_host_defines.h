// The rest of ROCm's hip/amd_detail/host_defines.h for the emulator path (hipemu): what a
// HIP program may name besides the function attributes (those are in
// hipemu_attributes.h, which includes this header):
//   __hip_internal::{u,}int{8,16,32,64}_t, and __hip_{u,}int{8,16,32,64}_t for them (ROCm
//     spells the 64-bit ones (unsigned) long long);
//   __hip_internal's type traits, here the standard library's under the same names
//     (integral_constant, true_type, false_type, bool_constant, enable_if, is_integral,
//     is_arithmetic, is_floating_point, is_same, is_signed, is_convertible, is_scalar,
//     is_standard_layout, is_trivial, conditional);
//   GENERIC_GRID_LAUNCH (1).
// C++ only.
#ifndef HIPEMU_HOST_DEFINES_H
#define HIPEMU_HOST_DEFINES_H

#ifndef GENERIC_GRID_LAUNCH
#define GENERIC_GRID_LAUNCH 1
#endif

#ifdef __cplusplus
#include <type_traits>

namespace __hip_internal {
typedef unsigned char uint8_t;
typedef unsigned short uint16_t;
typedef unsigned int uint32_t;
typedef unsigned long long uint64_t;
typedef signed char int8_t;
typedef signed short int16_t;
typedef signed int int32_t;
typedef signed long long int64_t;

using std::bool_constant;
using std::conditional;
using std::enable_if;
using std::false_type;
using std::integral_constant;
using std::is_arithmetic;
using std::is_convertible;
using std::is_floating_point;
using std::is_integral;
using std::is_same;
using std::is_scalar;
using std::is_signed;
using std::is_standard_layout;
using std::is_trivial;
using std::true_type;
}  // namespace __hip_internal

typedef __hip_internal::uint8_t __hip_uint8_t;
typedef __hip_internal::uint16_t __hip_uint16_t;
typedef __hip_internal::uint32_t __hip_uint32_t;
typedef __hip_internal::uint64_t __hip_uint64_t;
typedef __hip_internal::int8_t __hip_int8_t;
typedef __hip_internal::int16_t __hip_int16_t;
typedef __hip_internal::int32_t __hip_int32_t;
typedef __hip_internal::int64_t __hip_int64_t;
#endif  // __cplusplus

#endif  // HIPEMU_HOST_DEFINES_H
