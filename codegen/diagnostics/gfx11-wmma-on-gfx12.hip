// A gfx11 (RDNA3) WMMA builtin, 16-element operands, compiled for gfx1200/gfx1201: clang's
// checks accept it and the backend dies with "Cannot select: intrinsic %llvm.amdgcn.wmma.f32.
// 16x16x16.f16" (clang 19 and 22, ROCm 7.2.2;
// docs/known-bugs.md#gfx11-wmma-builtin-on-gfx12-crash). Fixed upstream by
// llvm PR #180731, which rejects the builtin in clang. Conformance = a clean diagnostic.
// The XFAIL names the toolchain releases known to carry the bug (LLVM 19-22, which predate
// PR #180731; ROCm 7.2.2 is LLVM 22-based), not the probed behaviour: a nightly of these
// majors that carries the fix shows XPASS. (lit.cfg.py also probes the crash and sets
// `gfx11-wmma-on-gfx12-crashes`, so a report can show the observed behaviour.)
// XFAIL: clang-major-19 || clang-major-20 || clang-major-21 || clang-major-22
// RUN: not %hip_device -S -o /dev/null %s 2>&1 | FileCheck %s --implicit-check-not="error in backend" --implicit-check-not="Cannot select" --implicit-check-not="PLEASE submit"

#include "matrix_types.h"

typedef _Float16 v16h __attribute__((ext_vector_type(16)));

// CHECK: error: {{.*}}__builtin_amdgcn_wmma_f32_16x16x16_f16_w32
KERNEL gfx11_wmma(v8f *out, const v16h *a, const v16h *b, const v8f *c) {
  int l = LANE;
  out[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32(a[l], b[l], c[l]);
}
