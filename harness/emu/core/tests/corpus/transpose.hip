#include "hip_mini.h"
// Transpose loads, wave32: each lane passes its own address.
typedef __fp16 v8fp16 __attribute__((ext_vector_type(8)));
typedef __bf16 v8bf16 __attribute__((ext_vector_type(8)));
#define G(T) __attribute__((address_space(1))) T*
extern "C" __global__ void tr_b64(v2i* in, v2i* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b64_v2i32((G(v2i))(in + threadIdx_x)); }
extern "C" __global__ void tr_b128_i16(v8s* in, v8s* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b128_v8i16((G(v8s))(in + threadIdx_x)); }
extern "C" __global__ void tr_b128_f16(v8fp16* in, v8fp16* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b128_v8f16((G(v8fp16))(in + threadIdx_x)); }
extern "C" __global__ void tr_b128_bf16(v8bf16* in, v8bf16* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b128_v8bf16((G(v8bf16))(in + threadIdx_x)); }
