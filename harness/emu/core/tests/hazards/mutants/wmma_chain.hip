// Mutation-test kernel (hazard checking, core/HAZARDS.md): dependent WMMAs (D -> C, D -> A, D -> B)
// fed by global loads. Compiled by clang-22 to assembly; mutation_test.py
// deletes each s_wait_* / v_nop in turn.
#define __global__ __attribute__((global))
typedef _Float16 v8h __attribute__((ext_vector_type(8)));
typedef float v8f __attribute__((ext_vector_type(8)));

extern "C" __global__ void wmma_chain(const v8h* a, const v8h* b, v8f* out, v8h* out16) {
  int l = __builtin_amdgcn_workitem_id_x();
  v8h A = a[l], B = b[l];
  v8f c = {};
  c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(A, B, c);  // D -> C: no v_nop needed
  c = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(A, B, c);
  v8h z = {};
  v8h d1 = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(A, B, z);
  v8h d2 = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(d1, B, z);  // D -> A: v_nop
  v8h d3 = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(A, d2, z);  // D -> B: v_nop
  out[l] = c;
  out16[l] = d3;
}

// Nothing independent to schedule between the WMMAs: clang must emit v_nop
// for each D -> A / D -> B dependence.
extern "C" __global__ void wmma_ab_chain(const v8h* a, const v8h* b, v8h* out16) {
  int l = __builtin_amdgcn_workitem_id_x();
  v8h A = a[l], B = b[l];
  v8h z = {};
  v8h d1 = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(A, B, z);
  v8h d2 = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(d1, B, z);   // D -> A
  v8h d3 = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(A, d2, z);   // D -> B
  v8h d4 = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(d3, d3, d3); // D -> A, B and C
  out16[l] = d4;
}
