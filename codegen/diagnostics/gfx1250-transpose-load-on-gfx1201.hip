// gfx1250-only transpose loads (not RDNA4) on gfx1200/gfx1201 must be rejected cleanly.
// Compilers that have the builtin for some target (feature any-target-*, from __has_builtin on
// gfx1250 and the other targets the compiler supports: clang 22) say
// which target feature it needs (clang 22: transpose-load-f4f6-insts for tr4/tr6,
// gfx1250-insts for tr8/tr16); older ones (clang 19) do not know the name at all.
// One RUN line per builtin: clang diagnoses only the first failing function of a file.
// RUN: not %hip_device -S -o /dev/null -DTR4 %s 2>&1 | FileCheck %s --check-prefix=%if any-target-global_load_tr4_b64_v2i32 %{TR4-KNOWN%} %else %{TR4-UNKNOWN%}
// RUN: not %hip_device -S -o /dev/null -DTR6 %s 2>&1 | FileCheck %s --check-prefix=%if any-target-global_load_tr6_b96_v3i32 %{TR6-KNOWN%} %else %{TR6-UNKNOWN%}
// RUN: not %hip_device -S -o /dev/null -DTR16 %s 2>&1 | FileCheck %s --check-prefix=%if any-target-global_load_tr16_b128_v8i16 %{TR16-KNOWN%} %else %{TR16-UNKNOWN%}

#include "matrix_types.h"

typedef int v3i __attribute__((ext_vector_type(3)));

#ifdef TR4
// TR4-KNOWN: error: '__builtin_amdgcn_global_load_tr4_b64_v2i32' needs target feature {{[a-z0-9-]+}},wavefrontsize32
// TR4-UNKNOWN: error: use of undeclared identifier '__builtin_amdgcn_global_load_tr4_b64_v2i32'
KERNEL tr4(v2i *out, GLOBAL v2i *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr4_b64_v2i32(p + LANE);
}
#endif

#ifdef TR6
// TR6-KNOWN: error: '__builtin_amdgcn_global_load_tr6_b96_v3i32' needs target feature {{[a-z0-9-]+}},wavefrontsize32
// TR6-UNKNOWN: error: use of undeclared identifier '__builtin_amdgcn_global_load_tr6_b96_v3i32'
KERNEL tr6(v3i *out, GLOBAL v3i *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr6_b96_v3i32(p + LANE);
}
#endif

#ifdef TR16
// TR16-KNOWN: error: '__builtin_amdgcn_global_load_tr16_b128_v8i16' needs target feature {{[a-z0-9-]+}},wavefrontsize32
// TR16-UNKNOWN: error: use of undeclared identifier '__builtin_amdgcn_global_load_tr16_b128_v8i16'
KERNEL tr16(v8s *out, GLOBAL v8s *p) {
  out[LANE] = __builtin_amdgcn_global_load_tr16_b128_v8i16(p + LANE);
}
#endif
