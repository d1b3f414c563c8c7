// Layout probes (runtime/layout/*.hip), test side: what a probe's translation
// unit includes. The probes themselves (method, JSON file "rdna4-layout-probe/1",
// the comparison with docs/facts/layouts.md and docs/facts/transpose.md) are
// compiled once per build into librdna4ref: Inputs/cpu-reference/layout_probe.h.
// A probe's TU keeps its kernels (the builtin calls, compiled by the toolchain
// under test) and a main() calling the thin wrappers below, which hand the
// kernels to the library with the HIP device table of the TU (as wt::run does).
//
// Kernel ABIs: WMMA kern(a, b, c, d) and SWMMAC kern(a, b, c, idx, d) as
// runtime/wmma-* and runtime/swmmac-* (lane-major images, wt_load/wt_store;
// kernels[key] selects index set `key`, nullptr: not probed); transpose loads
// k(base, offsets, out): lane s loads from base + offsets[s] and stores its
// result lane-major in out (four kernels: b128 f16, i16, bf16, then b64).
#pragma once

#include <hip/hip_runtime.h>

#include <cstddef>
#include <initializer_list>

#include "../../Inputs/cpu-reference/rdna4ref.h"

namespace probe {

inline int probe_wmma(const char* probe_name, const wt::Spec& s, const char* instruction, const void* kernel,
                      int argc, char** argv) {
  return rdna4ref::probe_wmma(probe_name, s, instruction, kernel, argc, argv, rdna4_hip_ops());
}
inline int probe_swmmac(const char* probe_name, const sp::Spec& s, const char* instruction,
                        std::initializer_list<const void*> kernels, int argc, char** argv) {
  return rdna4ref::probe_swmmac(probe_name, s, instruction, kernels.begin(), kernels.size(), argc, argv,
                                rdna4_hip_ops());
}
inline int probe_tr(const char* probe_name, std::initializer_list<rdna4ref::TrKernel> kernels, int argc, char** argv) {
  return rdna4ref::probe_tr(probe_name, kernels.begin(), kernels.size(), argc, argv, rdna4_hip_ops());
}
inline int probe_tr_w64(const char* probe_name, std::initializer_list<rdna4ref::TrKernel> kernels, int argc, char** argv) {
  return rdna4ref::probe_tr_w64(probe_name, kernels.begin(), kernels.size(), argc, argv, rdna4_hip_ops());
}

}  // namespace probe
