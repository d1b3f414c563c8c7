// <hip/hip_math_constants.h> for the RDNA4 emulator path (hipemu): HIP's named
// floating-point constants (HIP documentation, "Math constants"). Each value is the
// binary32 (_F suffix) or binary64 encoding nearest to the mathematical constant,
// written as a hexadecimal floating literal or an exact decimal where the value is exact.
#ifndef HIPEMU_HIP_MATH_CONSTANTS_H
#define HIPEMU_HIP_MATH_CONSTANTS_H

// binary32
#define HIP_INF_F __builtin_huge_valf()
#define HIP_NAN_F __builtin_nanf("")
#define HIP_MIN_DENORM_F 0x1p-149f
#define HIP_MAX_NORMAL_F 0x1.fffffep127f
#define HIP_NEG_ZERO_F (-0.0f)
#define HIP_ZERO_F 0.0f
#define HIP_ONE_F 1.0f
#define HIP_SQRT_HALF_F 0.707106781f
#define HIP_SQRT_TWO_F 1.414213562f
#define HIP_THIRD_F 0.333333333f
#define HIP_PIO4_F 0.785398163f
#define HIP_PIO2_F 1.570796327f
#define HIP_3PIO4_F 2.356194490f
#define HIP_2_OVER_PI_F 0.636619772f
#define HIP_SQRT_2_OVER_PI_F 0.797884561f
#define HIP_PI_F 3.141592654f
#define HIP_L2E_F 1.442695041f
#define HIP_L2T_F 3.321928094f
#define HIP_LG2_F 0.301029996f
#define HIP_LGE_F 0.434294482f
#define HIP_LN2_F 0.693147181f
#define HIP_LNT_F 2.302585093f
#define HIP_LNPI_F 1.144729886f
#define HIP_TWO_TO_M126_F 0x1p-126f
#define HIP_TWO_TO_126_F 0x1p126f
#define HIP_TWO_TO_23_F 8388608.0f
#define HIP_TWO_TO_24_F 16777216.0f
#define HIP_TWO_TO_31_F 2147483648.0f
#define HIP_TWO_TO_32_F 4294967296.0f

// binary64
#define HIP_INF __builtin_huge_val()
#define HIP_NAN __builtin_nan("")
#define HIP_NEG_ZERO (-0.0)
#define HIP_MIN_DENORM 0x1p-1074
#define HIP_ZERO 0.0
#define HIP_ONE 1.0
#define HIP_SQRT_TWO 1.4142135623730951e+0
#define HIP_SQRT_HALF 7.0710678118654757e-1
#define HIP_THIRD 3.3333333333333333e-1
#define HIP_TWOTHIRD 6.6666666666666667e-1
#define HIP_PIO4 7.8539816339744828e-1
#define HIP_PIO2 1.5707963267948966e+0
#define HIP_3PIO4 2.3561944901923448e+0
#define HIP_2_OVER_PI 6.3661977236758138e-1
#define HIP_PI 3.1415926535897931e+0
#define HIP_2PI 6.2831853071795862e+0
#define HIP_SQRT_PI 1.7724538509055159e+0
#define HIP_SQRT_2PI 2.5066282746310002e+0
#define HIP_L2E 1.4426950408889634e+0
#define HIP_L2T 3.3219280948873622e+0
#define HIP_LG2 3.0102999566398120e-1
#define HIP_LGE 4.3429448190325182e-1
#define HIP_LN2 6.9314718055994529e-1
#define HIP_LNT 2.3025850929940459e+0
#define HIP_LNPI 1.1447298858494002e+0
#define HIP_TWO_TO_23 8388608.0
#define HIP_TWO_TO_52 4503599627370496.0
#define HIP_TWO_TO_53 9007199254740992.0
#define HIP_TWO_TO_54 18014398509481984.0
#define HIP_TWO_TO_M54 5.5511151231257827e-17
#define HIP_TWO_TO_M1022 2.22507385850720140e-308

#endif  // HIPEMU_HIP_MATH_CONSTANTS_H
