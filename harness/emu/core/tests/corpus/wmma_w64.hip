#include "hip_mini.h"
// Every dense WMMA and SWMMAC builtin, wave64 (compile with -mwavefrontsize64).
#define LD(T, p) (((const T*)(p))[threadIdx_x])
#define ST(T, p, v) (((T*)(p))[threadIdx_x] = (v))
#define DW(name, ret, fn, ...) extern "C" __global__ void name(const void* a, const void* b, const void* c, void* d) { ST(ret, d, fn(__VA_ARGS__)); }
DW(wmma64_f32_f16, v4f, __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12, LD(v4h, a), LD(v4h, b), LD(v4f, c))
DW(wmma64_f32_bf16, v4f, __builtin_amdgcn_wmma_f32_16x16x16_bf16_w64_gfx12, LD(v4s, a), LD(v4s, b), LD(v4f, c))
DW(wmma64_f16_f16, v4h, __builtin_amdgcn_wmma_f16_16x16x16_f16_w64_gfx12, LD(v4h, a), LD(v4h, b), LD(v4h, c))
DW(wmma64_bf16_bf16, v4s, __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12, LD(v4s, a), LD(v4s, b), LD(v4s, c))
DW(wmma64_iu8, v4i, __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64_gfx12, true, LD(int, a), true, LD(int, b), LD(v4i, c), false)
DW(wmma64_iu4, v4i, __builtin_amdgcn_wmma_i32_16x16x16_iu4_w64_gfx12, false, LD(int, a), false, LD(int, b), LD(v4i, c), true)
DW(wmma64_iu4_x32, v4i, __builtin_amdgcn_wmma_i32_16x16x32_iu4_w64_gfx12, true, LD(int, a), false, LD(int, b), LD(v4i, c), false)
DW(wmma64_fp8_fp8, v4f, __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w64_gfx12, LD(int, a), LD(int, b), LD(v4f, c))
DW(wmma64_fp8_bf8, v4f, __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w64_gfx12, LD(int, a), LD(int, b), LD(v4f, c))
DW(wmma64_bf8_fp8, v4f, __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w64_gfx12, LD(int, a), LD(int, b), LD(v4f, c))
DW(wmma64_bf8_bf8, v4f, __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w64_gfx12, LD(int, a), LD(int, b), LD(v4f, c))
#define SW(name, ret, fn, ...) extern "C" __global__ void name(const void* a, const void* b, const void* c, const int* idx, void* d) { ST(ret, d, fn(__VA_ARGS__)); }
SW(swmmac64_f32_f16, v4f, __builtin_amdgcn_swmmac_f32_16x16x32_f16_w64, LD(v4h, a), LD(v8h, b), LD(v4f, c), idx[threadIdx_x])
SW(swmmac64_f32_bf16, v4f, __builtin_amdgcn_swmmac_f32_16x16x32_bf16_w64, LD(v4s, a), LD(v8s, b), LD(v4f, c), idx[threadIdx_x])
SW(swmmac64_f16_f16, v4h, __builtin_amdgcn_swmmac_f16_16x16x32_f16_w64, LD(v4h, a), LD(v8h, b), LD(v4h, c), idx[threadIdx_x])
SW(swmmac64_bf16_bf16, v4s, __builtin_amdgcn_swmmac_bf16_16x16x32_bf16_w64, LD(v4s, a), LD(v8s, b), LD(v4s, c), idx[threadIdx_x])
SW(swmmac64_iu8, v4i, __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w64, true, LD(int, a), false, LD(v2i, b), LD(v4i, c), idx[threadIdx_x], true)
SW(swmmac64_iu4, v4i, __builtin_amdgcn_swmmac_i32_16x16x32_iu4_w64, false, LD(int, a), true, LD(int, b), LD(v4i, c), idx[threadIdx_x], false)
SW(swmmac64_iu4_x64, v4i, __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w64, true, LD(int, a), true, LD(v2i, b), LD(v4i, c), idx[threadIdx_x], false)
SW(swmmac64_fp8_fp8, v4f, __builtin_amdgcn_swmmac_f32_16x16x32_fp8_fp8_w64, LD(int, a), LD(v2i, b), LD(v4f, c), idx[threadIdx_x])
SW(swmmac64_fp8_bf8, v4f, __builtin_amdgcn_swmmac_f32_16x16x32_fp8_bf8_w64, LD(int, a), LD(v2i, b), LD(v4f, c), idx[threadIdx_x])
SW(swmmac64_bf8_fp8, v4f, __builtin_amdgcn_swmmac_f32_16x16x32_bf8_fp8_w64, LD(int, a), LD(v2i, b), LD(v4f, c), idx[threadIdx_x])
SW(swmmac64_bf8_bf8, v4f, __builtin_amdgcn_swmmac_f32_16x16x32_bf8_bf8_w64, LD(int, a), LD(v2i, b), LD(v4f, c), idx[threadIdx_x])
typedef __fp16 v4fp16 __attribute__((ext_vector_type(4)));
typedef __bf16 v4bf16 __attribute__((ext_vector_type(4)));
extern "C" __global__ void tr64_b64(int* in, int* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b64_i32((__attribute__((address_space(1))) int*)(in + threadIdx_x)); }
extern "C" __global__ void tr64_b128_i16(v4s* in, v4s* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b128_v4i16((__attribute__((address_space(1))) v4s*)(in + threadIdx_x)); }
extern "C" __global__ void tr64_b128_f16(v4fp16* in, v4fp16* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b128_v4f16((__attribute__((address_space(1))) v4fp16*)(in + threadIdx_x)); }
extern "C" __global__ void tr64_b128_bf16(v4bf16* in, v4bf16* out) {
  out[threadIdx_x] = __builtin_amdgcn_global_load_tr_b128_v4bf16((__attribute__((address_space(1))) v4bf16*)(in + threadIdx_x)); }
