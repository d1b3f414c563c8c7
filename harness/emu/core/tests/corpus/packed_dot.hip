// Packed 16-bit math and dot products as clang emits them for gfx12 (v_dot2_f32_f16,
// v_dot4_i32_iu8, v_dot4_u32_u8 with clamp, v_dot8_i32_iu4, v_pk_fma_f16, v_pk_mul_lo_u16 /
// v_pk_mad_u16 and packed add/sub/min/max), for the decoder corpus and vop3p_test.cc.
#include "hip_mini.h"
typedef half v2h __attribute__((ext_vector_type(2)));
typedef short v2s __attribute__((ext_vector_type(2)));
extern "C" __global__ void packed_dot(const v2h* a, const v2h* b, const float* c, const int* ia, const int* ib,
                                      float* outf, int* outi, v2h* outh, v2s* outs) {
  uint i = threadIdx_x;
  outf[i] = __builtin_amdgcn_fdot2(a[i], b[i], c[i], false);
  outf[i + 32] = __builtin_amdgcn_fdot2(a[i], b[i], -c[i], false);  // -C: neg_lo and neg_hi on S2
  outi[i] = __builtin_amdgcn_sudot4(true, ia[i], true, ib[i], (int)i - 5, false);
  outi[i + 32] = (int)__builtin_amdgcn_udot4((uint)ia[i], (uint)ib[i], i, true);
  outi[i + 64] = __builtin_amdgcn_sudot8(true, ia[i], false, ib[i], 3, false);
  outh[i] = a[i] * b[i] + a[i];
  v2s s = {(short)ia[i], (short)(ib[i] >> 16)};
  v2s t = {(short)(ib[i] >> 3), (short)7};
  v2s m = s * t + s;
  outs[i] = m > t ? m - t : t;
}
