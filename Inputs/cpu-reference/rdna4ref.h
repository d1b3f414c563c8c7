// What a runtime test's translation unit includes (runtime/wmma-*, swmmac-*,
// load-tr-*): the plain interface of librdna4ref (api.h), the device helpers
// the kernels use, the HIP side of the device table (Inputs/runtime/rdna4_test.h)
// and the thin run() calls that hand the kernels to the library. No heavy
// templates here: the CPU reference, the case catalogue and the checking code
// are compiled once per build into librdna4ref (CMake, the build's C++
// compiler), which harness/conformance/hipcc.py links into every program.
//
//   #include "../../Inputs/cpu-reference/rdna4ref.h"
//   template <int M> __global__ void kern(const uint32_t* a, const uint32_t* b,
//                                         const uint32_t* c, uint32_t* d);  // the builtin call
//   int main() {
//     const wt::Spec spec{"wmma_f32_16x16x16_f16_w32_gfx12", wt::Elem::F16, wt::Elem::F16,
//                         wt::Acc::F32, ref::AB::B16};
//     return wt::run(spec, {{(const void*)kern<WT_PLAIN>, WT_PLAIN}, ...});
//   }
//
// The drivers behind the entry points: wmma_dense.h (wt::run), sparse.h
// (sp::run), load_tr.h (tr::run), load_tr_w64.h (tr64::run); their kernel ABIs
// are described there.
#pragma once

#include <hip/hip_runtime.h>

#include <cstddef>
#include <cstdint>
#include <initializer_list>

#include "../runtime/rdna4_test.h"
#include "api.h"

// ---- device side ------------------------------------------------------------
// Load this lane's fragment of the current case from a lane-major image
// (case n = blockIdx.x; lane L of case n reads its registers at (n*W + L)*nregs).
template <class V>
__device__ inline V wt_load(const uint32_t* base) {
  constexpr int nregs = sizeof(V) / 4;
  const size_t off = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) * nregs;
  V v;
  __builtin_memcpy(&v, base + off, sizeof(V));
  return v;
}
template <class V>
__device__ inline void wt_store(uint32_t* base, V v) {
  constexpr int nregs = sizeof(V) / 4;
  const size_t off = (size_t(blockIdx.x) * blockDim.x + threadIdx.x) * nregs;
  __builtin_memcpy(base + off, &v, sizeof(V));
}

// ---- host side: hand the kernels to librdna4ref ----------------------------------
// seed: fixed by default (reproducible runs); RDNA4_TEST_SEED=<n> overrides it.
namespace wt {
inline int run(const Spec& s, std::initializer_list<Variant> v, unsigned seed = 12345) {
  return rdna4ref::wmma_dense_run(s, v.begin(), v.size(), seed, rdna4_hip_ops());
}
}  // namespace wt
namespace sp {
inline int run(const Spec& s, std::initializer_list<Variant> v, unsigned seed = 4242) {
  return rdna4ref::swmmac_run(s, v.begin(), v.size(), seed, rdna4_hip_ops());
}
}  // namespace sp
namespace tr {
inline int run(const char* builtin, Kind kind, const void* kernel, const char* model_status) {
  return rdna4ref::load_tr_run(builtin, kind, kernel, model_status, rdna4_hip_ops());
}
}  // namespace tr
namespace tr64 {
inline int run(const char* builtin, Kind kind, const void* kernel) {
  return rdna4ref::load_tr_w64_run(builtin, kind, kernel, rdna4_hip_ops());
}
}  // namespace tr64
