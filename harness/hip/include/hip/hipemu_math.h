// Device math for the emulator path (hipemu, included by <hip/hip_runtime.h>).
//
// Programs built with -nogpuinc -nogpulib link no ROCm device library (ocml), so the C
// math functions have no device definition: `sqrtf(x)` in a __global__ function is a call
// to a host function. This header adds __device__ overloads next to the host declarations
// (clang's HIP/CUDA mode overloads on the host/device attributes, as clang's own
// __clang_cuda_math.h does). Each one is a clang __builtin_* that the AMDGPU backend of
// clang 19 and clang 22 lowers inline for gfx1200/gfx1201 (checked with
// `--cuda-device-only -S`: no call, no undefined symbol).
//
// Provided, float (the f-suffixed C name and the C++ float overload) and double:
//   sqrt fabs fma fmin fmax floor ceil trunc rint nearbyint round copysign ldexp,
//   rsqrt (rsqrtf; computed as 1/sqrt), nan (nanf): a quiet NaN whatever the tag (the
//   payload a tag selects is implementation-defined in C 7.12.11.2; this one sets none).
// Provided, float only: exp2 exp log2 log sin cos (exp2f ... cosf and the float overloads).
// Fast intrinsics (float): __fsqrt_rn __frsqrt_rn __fdividef __expf __logf.
// std:: forms: `using ::name;` in namespace std makes std::sqrt(x) etc. pick the same
//   device overloads, whether <cmath> is included before or after this header.
// NOT provided:
// - double exp2 exp log2 log sin cos: the backend has no inline expansion for the f64
//   forms of these builtins (clang 19 and 22 stop with "no libcall available" or cannot
//   select f64 fsin/fcos), so they would need ocml's software routines;
// - everything else of <math.h> (tan, pow, atan2, erf, fmod, frexp, ...), and the other
//   fast intrinsics (__sinf, __powf, ...): these also need ocml.
// Accuracy (round to nearest, default MODE; -ffast-math / -fapprox-func change the
// lowering to the bare hardware instructions):
// - Exact (the correctly rounded IEEE 754-2019 result): fabs fma fmin fmax floor ceil
//   trunc rint nearbyint round copysign ldexp, and sqrtf: LLVM expands llvm.sqrt.f32 to
//   v_sqrt_f32 followed by an fma test of the two neighbouring floats, which picks the
//   correctly rounded root (llvm/lib/Target/AMDGPU/SIISelLowering.cpp). Double sqrt
//   refines a v_rsq_f64 estimate with fma steps in the same file; runtime/hip-programs/
//   device-math.hip checks both against the correctly rounded root.
// - fmin/fmax return the other operand when one is a NaN (C's fmin/fmax); which zero
//   fmin(+0, -0) returns is left open, as in C.
// - exp2f is v_exp_f32 and log2f is v_log_f32 (the hardware's approximations, about 1 ulp),
//   with scaling around subnormal inputs and results; expf and logf multiply by log2(e) or
//   ln(2) carried in two floats around those instructions: a few ulp.
// - sinf/cosf: the argument is multiplied by 1/(2 pi) in float and fed to v_sin_f32 /
//   v_cos_f32, the hardware's approximation. There is no argument reduction beyond that
//   product, so the error grows with |x|: a few ulp (or ~2^-20 absolute near a zero of
//   the function) for |x| <= pi, and meaningless for large arguments. Use ocml (ROCm)
//   when accuracy matters.
// - rsqrt is 1 / sqrt(x): two correctly rounded operations (about 1 ulp).
// - __fsqrt_rn is sqrtf (exact). __frsqrt_rn is v_rsq_f32, an approximation of about
//   1 ulp, not the correctly rounded value its name promises. __fdividef is
//   x * v_rcp_f32(y) (about 2 ulp for normal y and quotient). __expf is
//   v_exp_f32(x * log2(e)): the rounding of the product costs about |x| ulp on top of the
//   instruction's error. __logf is v_log_f32(x) * ln(2): a few ulp, or ~2^-21 absolute
//   near x = 1.
#ifndef HIPEMU_MATH_H
#define HIPEMU_MATH_H

// Not with clang's own HIP wrapper header (no -nogpuinc): it brings ocml's versions.
#if defined(__HIP__) && !defined(__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__)

#define __hipemu_math static __attribute__((device)) inline __attribute__((always_inline))

// F: float name, D: double name, builtins as given.
#define __HIPEMU_MATH1(F, D, BF, BD)                                        \
  __hipemu_math float F(float __x) { return BF(__x); }                      \
  __hipemu_math float D(float __x) { return BF(__x); }                      \
  __hipemu_math double D(double __x) { return BD(__x); }
#define __HIPEMU_MATH2(F, D, BF, BD)                                        \
  __hipemu_math float F(float __x, float __y) { return BF(__x, __y); }      \
  __hipemu_math float D(float __x, float __y) { return BF(__x, __y); }      \
  __hipemu_math double D(double __x, double __y) { return BD(__x, __y); }

__HIPEMU_MATH1(sqrtf, sqrt, __builtin_sqrtf, __builtin_sqrt)
__HIPEMU_MATH1(fabsf, fabs, __builtin_fabsf, __builtin_fabs)
__HIPEMU_MATH1(floorf, floor, __builtin_floorf, __builtin_floor)
__HIPEMU_MATH1(ceilf, ceil, __builtin_ceilf, __builtin_ceil)
__HIPEMU_MATH1(truncf, trunc, __builtin_truncf, __builtin_trunc)
__HIPEMU_MATH1(rintf, rint, __builtin_rintf, __builtin_rint)
__HIPEMU_MATH1(nearbyintf, nearbyint, __builtin_nearbyintf, __builtin_nearbyint)
__HIPEMU_MATH1(roundf, round, __builtin_roundf, __builtin_round)
__HIPEMU_MATH2(fminf, fmin, __builtin_fminf, __builtin_fmin)
__HIPEMU_MATH2(fmaxf, fmax, __builtin_fmaxf, __builtin_fmax)
__HIPEMU_MATH2(copysignf, copysign, __builtin_copysignf, __builtin_copysign)
#undef __HIPEMU_MATH1
#undef __HIPEMU_MATH2

__hipemu_math float fmaf(float __x, float __y, float __z) { return __builtin_fmaf(__x, __y, __z); }
__hipemu_math float fma(float __x, float __y, float __z) { return __builtin_fmaf(__x, __y, __z); }
__hipemu_math double fma(double __x, double __y, double __z) { return __builtin_fma(__x, __y, __z); }
__hipemu_math float ldexpf(float __x, int __e) { return __builtin_ldexpf(__x, __e); }
__hipemu_math float ldexp(float __x, int __e) { return __builtin_ldexpf(__x, __e); }
__hipemu_math double ldexp(double __x, int __e) { return __builtin_ldexp(__x, __e); }
__hipemu_math float rsqrtf(float __x) { return 1.0f / __builtin_sqrtf(__x); }
__hipemu_math float rsqrt(float __x) { return 1.0f / __builtin_sqrtf(__x); }
__hipemu_math double rsqrt(double __x) { return 1.0 / __builtin_sqrt(__x); }
__hipemu_math float nanf(const char*) { return __builtin_nanf(""); }
__hipemu_math double nan(const char*) { return __builtin_nan(""); }

// Float only (see above).
#define __HIPEMU_MATHF(F, D, BF)                               \
  __hipemu_math float F(float __x) { return BF(__x); }         \
  __hipemu_math float D(float __x) { return BF(__x); }
__HIPEMU_MATHF(exp2f, exp2, __builtin_exp2f)
__HIPEMU_MATHF(expf, exp, __builtin_expf)
__HIPEMU_MATHF(log2f, log2, __builtin_log2f)
__HIPEMU_MATHF(logf, log, __builtin_logf)
__HIPEMU_MATHF(sinf, sin, __builtin_sinf)
__HIPEMU_MATHF(cosf, cos, __builtin_cosf)
#undef __HIPEMU_MATHF

// Fast intrinsics (CUDA/HIP spellings).
__hipemu_math float __fsqrt_rn(float __x) { return __builtin_sqrtf(__x); }
__hipemu_math float __frsqrt_rn(float __x) { return __builtin_amdgcn_rsqf(__x); }
__hipemu_math float __fdividef(float __x, float __y) { return __x * __builtin_amdgcn_rcpf(__y); }
__hipemu_math float __expf(float __x) { return __builtin_amdgcn_exp2f(__x * 1.44269504088896340736f); }
__hipemu_math float __logf(float __x) { return __builtin_amdgcn_logf(__x) * 0.693147180559945309417f; }

// std::sqrt & co. on the device: the same overloads, visible in std whichever of <cmath>
// and this header comes first (libstdc++'s own std::sqrt(float) etc. are host functions).
namespace std {
using ::sqrt;
using ::fabs;
using ::floor;
using ::ceil;
using ::trunc;
using ::rint;
using ::nearbyint;
using ::round;
using ::fmin;
using ::fmax;
using ::copysign;
using ::fma;
using ::ldexp;
using ::exp2;
using ::exp;
using ::log2;
using ::log;
using ::sin;
using ::cos;
using ::nan;
using ::nanf;
}  // namespace std

#undef __hipemu_math
#endif  // __HIP__ && !__CLANG_HIP_RUNTIME_WRAPPER_INCLUDED__

#endif  // HIPEMU_MATH_H
