#include "hip_mini.h"
// Every dense WMMA builtin, wave32: lane-major fragments in and out.
#define LD(T, p) (((const T*)(p))[threadIdx_x])
#define ST(T, p, v) (((T*)(p))[threadIdx_x] = (v))
extern "C" __global__ void wmma_f32_f16(const void* a, const void* b, const void* c, void* d) {
  ST(v8f, d, __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(LD(v8h, a), LD(v8h, b), LD(v8f, c)));
}
extern "C" __global__ void wmma_f32_f16_neg(const void* a, const void* b, const void* c, void* d) {
  ST(v8f, d, __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(-LD(v8h, a), LD(v8h, b), -LD(v8f, c)));
}
extern "C" __global__ void wmma_f32_bf16(const void* a, const void* b, const void* c, void* d) {
  ST(v8f, d, __builtin_amdgcn_wmma_f32_16x16x16_bf16_w32_gfx12(LD(v8s, a), LD(v8s, b), LD(v8f, c)));
}
extern "C" __global__ void wmma_f16_f16(const void* a, const void* b, const void* c, void* d) {
  ST(v8h, d, __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(LD(v8h, a), LD(v8h, b), LD(v8h, c)));
}
extern "C" __global__ void wmma_bf16_bf16(const void* a, const void* b, const void* c, void* d) {
  ST(v8s, d, __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12(LD(v8s, a), LD(v8s, b), LD(v8s, c)));
}
extern "C" __global__ void wmma_iu8(const void* a, const void* b, const void* c, void* d) {
  ST(v8i, d, __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(true, LD(v2i, a), false, LD(v2i, b), LD(v8i, c), true));
}
extern "C" __global__ void wmma_iu4(const void* a, const void* b, const void* c, void* d) {
  ST(v8i, d, __builtin_amdgcn_wmma_i32_16x16x16_iu4_w32_gfx12(false, LD(int, a), true, LD(int, b), LD(v8i, c), false));
}
extern "C" __global__ void wmma_iu4_x32(const void* a, const void* b, const void* c, void* d) {
  ST(v8i, d, __builtin_amdgcn_wmma_i32_16x16x32_iu4_w32_gfx12(true, LD(v2i, a), true, LD(v2i, b), LD(v8i, c), false));
}
extern "C" __global__ void wmma_fp8(const void* a, const void* b, const void* c, void* d) {
  v8f r = __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12(LD(v2i, a), LD(v2i, b), LD(v8f, c));
  r = __builtin_amdgcn_wmma_f32_16x16x16_fp8_bf8_w32_gfx12(LD(v2i, a), LD(v2i, b), r);
  r = __builtin_amdgcn_wmma_f32_16x16x16_bf8_fp8_w32_gfx12(LD(v2i, a), LD(v2i, b), r);
  r = __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12(LD(v2i, a), LD(v2i, b), r);
  ST(v8f, d, r);
}
// Chained WMMAs: D of the first feeds A of the second (hazard nop).
extern "C" __global__ void wmma_chain(const void* a, const void* b, const void* c, void* d) {
  v8h r = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(LD(v8h, a), LD(v8h, b), LD(v8h, c));
  r = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(r, LD(v8h, b), r);
  ST(v8h, d, r);
}
// Every SWMMAC builtin, wave32. idx: the sparsity index operand.
#define SW(name, ret, fn, ...) extern "C" __global__ void name(const void* a, const void* b, const void* c, const int* idx, void* d) { \
  ST(ret, d, fn(__VA_ARGS__)); }
SW(swmmac_f32_f16, v8f, __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32, LD(v8h, a), LD(v16h, b), LD(v8f, c), idx[threadIdx_x])
SW(swmmac_f32_bf16, v8f, __builtin_amdgcn_swmmac_f32_16x16x32_bf16_w32, LD(v8s, a), LD(v16s, b), LD(v8f, c), idx[threadIdx_x])
SW(swmmac_f16_f16, v8h, __builtin_amdgcn_swmmac_f16_16x16x32_f16_w32, LD(v8h, a), LD(v16h, b), LD(v8h, c), idx[threadIdx_x])
SW(swmmac_bf16_bf16, v8s, __builtin_amdgcn_swmmac_bf16_16x16x32_bf16_w32, LD(v8s, a), LD(v16s, b), LD(v8s, c), idx[threadIdx_x])
SW(swmmac_iu8, v8i, __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w32, true, LD(v2i, a), false, LD(v4i, b), LD(v8i, c), idx[threadIdx_x], true)
SW(swmmac_iu4, v8i, __builtin_amdgcn_swmmac_i32_16x16x32_iu4_w32, false, LD(int, a), true, LD(v2i, b), LD(v8i, c), idx[threadIdx_x], false)
SW(swmmac_iu4_x64, v8i, __builtin_amdgcn_swmmac_i32_16x16x64_iu4_w32, true, LD(v2i, a), true, LD(v4i, b), LD(v8i, c), idx[threadIdx_x], false)
SW(swmmac_fp8_fp8, v8f, __builtin_amdgcn_swmmac_f32_16x16x32_fp8_fp8_w32, LD(v2i, a), LD(v4i, b), LD(v8f, c), idx[threadIdx_x])
SW(swmmac_fp8_bf8, v8f, __builtin_amdgcn_swmmac_f32_16x16x32_fp8_bf8_w32, LD(v2i, a), LD(v4i, b), LD(v8f, c), idx[threadIdx_x])
SW(swmmac_bf8_fp8, v8f, __builtin_amdgcn_swmmac_f32_16x16x32_bf8_fp8_w32, LD(v2i, a), LD(v4i, b), LD(v8f, c), idx[threadIdx_x])
SW(swmmac_bf8_bf8, v8f, __builtin_amdgcn_swmmac_f32_16x16x32_bf8_bf8_w32, LD(v2i, a), LD(v4i, b), LD(v8f, c), idx[threadIdx_x])
