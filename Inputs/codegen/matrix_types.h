// Shared vector typedefs and kernel macro for the codegen tests (device-only HIP,
// compiled with -nogpulib -nogpuinc, so no HIP headers: __global__ is spelled here).
//
// RDNA4_F16 is the element type of the dense WMMA f16 operands. lit.cfg.py passes
// -DRDNA4_F16=_Float16 or -DRDNA4_F16=__fp16 as probed (feature f16-operand-*):
// clang 22 declares _Float16 (llvm PR #175039), clang 18-21 __fp16.
#ifndef RDNA4_CODEGEN_MATRIX_TYPES_H
#define RDNA4_CODEGEN_MATRIX_TYPES_H

#ifndef RDNA4_F16
#define RDNA4_F16 _Float16
#endif

#define KERNEL extern "C" __attribute__((global)) void
#define GLOBAL __attribute__((address_space(1)))
// Operands loaded per lane are divergent (in VGPRs), as in real kernels: a uniform kernel
// argument may legitimately be modified on the scalar unit instead of by a WMMA modifier.
#define LANE ((int)__builtin_amdgcn_workitem_id_x())

typedef float v4f __attribute__((ext_vector_type(4)));
typedef float v8f __attribute__((ext_vector_type(8)));
typedef int v2i __attribute__((ext_vector_type(2)));
typedef int v4i __attribute__((ext_vector_type(4)));
typedef int v8i __attribute__((ext_vector_type(8)));
typedef short v4s __attribute__((ext_vector_type(4)));
typedef short v8s __attribute__((ext_vector_type(8)));
typedef short v16s __attribute__((ext_vector_type(16)));

// Dense WMMA f16 operands (type probed, see above).
typedef RDNA4_F16 v4h __attribute__((ext_vector_type(4)));
typedef RDNA4_F16 v8h __attribute__((ext_vector_type(8)));

// SWMMAC and transpose-load f16 operands are __fp16 in clang 19 and 22.
typedef __fp16 v4fp16 __attribute__((ext_vector_type(4)));
typedef __fp16 v8fp16 __attribute__((ext_vector_type(8)));
typedef __fp16 v16fp16 __attribute__((ext_vector_type(16)));
typedef __bf16 v4bf16 __attribute__((ext_vector_type(4)));
typedef __bf16 v8bf16 __attribute__((ext_vector_type(8)));

#endif
