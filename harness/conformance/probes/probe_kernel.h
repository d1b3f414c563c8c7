// Shared part of the probe kernels of `rdna4-conformance probe` (probes.hip includes
// every family file; each family file includes this header): the kernel registry,
// operand-image helpers and the one-instruction probe macros.
#pragma once
#include <hip/hip_runtime.h>

#include <cstdint>
#include <vector>

#ifndef PROBE_WAVE64
#define W 32
#else
#define W 64
#endif

// A probe kernel: kernel(const uint32_t* in, uint32_t* out), launched as one workgroup of
// one wave (W lanes) unless `lanes` says otherwise; in_words input words, out_words output words.
struct Probe {
  const char* name;
  const void* kernel;
  int in_words, out_words;
  int lanes;
};
inline std::vector<Probe>& probe_registry() {
  static std::vector<Probe> v;
  return v;
}
struct ProbeRegistration {
  ProbeRegistration(const char* name, const void* kernel, int in_words, int out_words, int lanes) {
    probe_registry().push_back({name, kernel, in_words, out_words, lanes});
  }
};
// Register a kernel under its own name (one wave of W lanes).
#define PROBE_KERNEL(NAME, IN_WORDS, OUT_WORDS) \
  static ProbeRegistration probe_registration_##NAME(#NAME, (const void*)NAME, IN_WORDS, OUT_WORDS, W);
// The same with a workgroup of LANES threads (several waves).
#define PROBE_KERNEL_LANES(NAME, IN_WORDS, OUT_WORDS, LANES) \
  static ProbeRegistration probe_registration_##NAME(#NAME, (const void*)NAME, IN_WORDS, OUT_WORDS, LANES);

typedef _Float16 h4 __attribute__((ext_vector_type(4)));
typedef _Float16 h8 __attribute__((ext_vector_type(8)));
typedef _Float16 h16 __attribute__((ext_vector_type(16)));
typedef float f4 __attribute__((ext_vector_type(4)));
typedef float f8 __attribute__((ext_vector_type(8)));
typedef int i2 __attribute__((ext_vector_type(2)));
typedef int i4 __attribute__((ext_vector_type(4)));
typedef int i8 __attribute__((ext_vector_type(8)));
typedef short s4 __attribute__((ext_vector_type(4)));
typedef short s8 __attribute__((ext_vector_type(8)));

template <typename T>
__device__ T ld(const uint32_t* p, unsigned lane) {
  T v;
  __builtin_memcpy(&v, p + lane * (sizeof(T) / 4), sizeof(T));
  return v;
}
// A macro, not a template: the builtins' result types mangle like the
// ext_vector_type typedefs, so two instantiations would clash.
#define st(p, lane, expr)                                          \
  do {                                                             \
    const auto st_v_ = (expr);                                     \
    __builtin_memcpy((p) + (lane) * (sizeof st_v_ / 4), &st_v_, sizeof st_v_); \
  } while (0)


// gfx12 SGPR read hazards (docs/facts/hazards.md#sgpr-and-vcc-read-hazards): once a VALU has
// read an SGPR pair, an SALU write of one of its SGPRs needs `s_wait_alu depctr_sa_sdst(0)`
// before the next SALU or VALU read of it, a VALU write `s_wait_alu depctr_va_sdst(0)` before
// the next VALU read. The compiler places these waits in its own code but does not look into
// an asm statement (clang 22 puts none between an asm statement's SALU-written SGPR output
// and the VALU that reads it next), and the SGPRs it gives an asm operand may be of a pair a
// VALU read before. So every asm statement of the probes that writes an SGPR waits before it
// reads that SGPR again and before it ends: the emulator's strict `sgpr` rule holds for them.
#define PROBE_WAIT_SA_SDST "s_wait_alu depctr_sa_sdst(0)"
#define PROBE_WAIT_VA_SDST "s_wait_alu depctr_va_sdst(0)"

// Instruction-level probes: one instruction on in[0], in[1] (VGPR operands the
// same in every lane, SGPR operands read with readfirstlane); each lane stores the result.
#define VOP2_PROBE(NAME, INSN)                                                              \
  __global__ void NAME(const uint32_t* in, uint32_t* out) {                                 \
    uint32_t d, a = in[0], b = in[1];                                                       \
    asm volatile(INSN " %0, %1, %2" : "=v"(d) : "v"(a), "v"(b));                          \
    out[threadIdx.x] = d;                                                                   \
  }
#define SOP2_PROBE(NAME, INSN)                                                              \
  __global__ void NAME(const uint32_t* in, uint32_t* out) {                                 \
    uint32_t d, a = __builtin_amdgcn_readfirstlane(in[0]), b = __builtin_amdgcn_readfirstlane(in[1]); \
    asm volatile(INSN " %0, %1, %2\n\t" PROBE_WAIT_SA_SDST : "=s"(d) : "s"(a), "s"(b) : "scc"); \
    out[threadIdx.x] = d;                                                                   \
  }
#define SOP1_PROBE(NAME, INSN)                                                              \
  __global__ void NAME(const uint32_t* in, uint32_t* out) {                                 \
    uint32_t d, a = __builtin_amdgcn_readfirstlane(in[0]);                                  \
    (void)in[1];                                                                            \
    asm volatile(INSN " %0, %1\n\t" PROBE_WAIT_SA_SDST : "=s"(d) : "s"(a));                \
    out[threadIdx.x] = d;                                                                   \
  }
