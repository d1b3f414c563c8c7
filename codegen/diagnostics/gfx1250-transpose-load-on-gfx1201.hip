// gfx1250-only transpose loads (not RDNA4) on gfx1200/gfx1201 must be rejected cleanly.
// Compilers that have the builtin (feature compiled-in-*, probed from the binary: clang 22) say
// which target feature it needs; older ones (clang 19) do not know the name at all.
// RUN: not %hip_device -S -o /dev/null %s 2>&1 | FileCheck %s --check-prefix=%if compiled-in-global_load_tr4_b64_v2i32 %{KNOWN%} %else %{UNKNOWN%}

#include "matrix_types.h"

// KNOWN: error: '__builtin_amdgcn_global_load_tr4_b64_v2i32' needs target feature {{[a-z0-9-]+}},wavefrontsize32
// UNKNOWN: error: use of undeclared identifier '__builtin_amdgcn_global_load_tr4_b64_v2i32'
KERNEL tr4(v2i *out, GLOBAL v2i *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr4_b64_v2i32(p + LANE);
}
