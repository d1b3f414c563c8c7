// What clang's own __clang_hip_runtime_wrapper.h gives every HIP translation unit, for the
// emulator path (hipemu), where -nogpuinc keeps that header out. `rdna4-conformance hipcc`
// pre-includes this file (-include hip/hipemu_hip_wrapper.h) in every compile of HIP source,
// as clang pre-includes its wrapper in a ROCm build, so a file that uses __device__,
// uint32_t, std::min, sqrtf ... before (or without) including <hip/hip_runtime.h> compiles as
// it does with ROCm's hipcc.
//
// clang's wrapper (clang/lib/Headers/__clang_hip_runtime_wrapper.h) defines __host__,
// __device__, __global__, __shared__, __constant__, __managed__ and includes <cmath>,
// <cstdlib>, <stdlib.h>, <limits.h>, <stdint.h>, <limits>, <type_traits>, <utility>,
// <algorithm>, <complex>, <new> and its device math (__clang_hip_math.h & co.); the device
// math here is hipemu_math.h's. Nothing in a translation unit that is not HIP (-x c, -x c++).
#ifndef HIPEMU_HIP_WRAPPER_H
#define HIPEMU_HIP_WRAPPER_H

#if defined(__HIP__)
#include "hip/hipemu_attributes.h"

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#ifdef __cplusplus
#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdlib>
#include <limits>
#include <new>
#include <type_traits>
#include <utility>
#endif

#include "hip/hipemu_math.h"
#endif  // __HIP__

#endif  // HIPEMU_HIP_WRAPPER_H
