// The parts of ROCm's HIP API the emulator path does not provide (textures, surfaces, HIP
// arrays: hipemu_unavailable.def), declared so that a program using one fails to compile
// with a message naming it, instead of an "undeclared identifier" that looks like a
// missing include:
//   error: 'hipCreateTextureObject' is unavailable: hipemu: textures, surfaces and HIP
//   arrays are not provided on the emulator (harness/hip/README.md)
// C++ only (hip_runtime_api.h includes it under __cplusplus). Included by
// hip_runtime_api.h; a program that never names these is unaffected.
#ifndef HIPEMU_UNAVAILABLE_H
#define HIPEMU_UNAVAILABLE_H

#define __HIPEMU_UNAVAILABLE                                                              \
  __attribute__((unavailable("hipemu: textures, surfaces and HIP arrays are not provided " \
                             "on the emulator (harness/hip/README.md)")))

struct __hipemu_unavailable_type;

#define HIPEMU_UNAVAILABLE_TYPE(name) \
  typedef __hipemu_unavailable_type name __HIPEMU_UNAVAILABLE;
#define HIPEMU_UNAVAILABLE_ENUMERATOR(name)
#define HIPEMU_UNAVAILABLE_FUNCTION(name) \
  template <class... __A> int name(__A...) __HIPEMU_UNAVAILABLE;
#define HIPEMU_UNAVAILABLE_DEVICE_FUNCTION(name) \
  template <class __T = void, class... __A> __host__ __device__ __T name(__A...) __HIPEMU_UNAVAILABLE;
#include "hip/hipemu_unavailable.def"
#undef HIPEMU_UNAVAILABLE_TYPE
#undef HIPEMU_UNAVAILABLE_ENUMERATOR
#undef HIPEMU_UNAVAILABLE_FUNCTION
#undef HIPEMU_UNAVAILABLE_DEVICE_FUNCTION

enum __hipemu_unavailable_enumerators {
#define HIPEMU_UNAVAILABLE_TYPE(name)
#define HIPEMU_UNAVAILABLE_ENUMERATOR(name) name __HIPEMU_UNAVAILABLE,
#define HIPEMU_UNAVAILABLE_FUNCTION(name)
#define HIPEMU_UNAVAILABLE_DEVICE_FUNCTION(name)
#include "hip/hipemu_unavailable.def"
#undef HIPEMU_UNAVAILABLE_TYPE
#undef HIPEMU_UNAVAILABLE_ENUMERATOR
#undef HIPEMU_UNAVAILABLE_FUNCTION
#undef HIPEMU_UNAVAILABLE_DEVICE_FUNCTION
  __hipemu_unavailable_enumerators_end
};

#undef __HIPEMU_UNAVAILABLE
#endif  // HIPEMU_UNAVAILABLE_H
