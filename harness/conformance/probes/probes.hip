// Probe kernels of `rdna4-conformance probe` (harness/conformance/probe.py):
// each runs one matrix instruction on raw register images, so that the
// caller can tell the emulator's candidate models of an UNVERIFIED assumption
// apart (docs/facts/unverified.md) on whatever device runs it.
//
// usage: probes KERNEL < words      (words: hex 32-bit values, whitespace-separated)
//   prints the output words (hex) on one line, exit 0;
//   "FAULT <error>" and exit 3 when the kernel faults (e.g. an illegal instruction);
//   a usage/input error and exit 2.
// Operand images are lane-major: lane L's registers r = 0..n-1 of an operand at
// word L*n + r of that operand's block; blocks follow each other (A, B, C[, index]).
// Transpose probes: the input is the memory the lanes read, lane L at byte L * bytes-per-lane.
// Compiled twice: wave32 (default) and wave64 (-mwavefrontsize64 -DPROBE_WAVE64).
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

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

#ifndef PROBE_WAVE64
#define W 32
// Dense f32 <- f16: A, B 4 words, C/D 8 words per lane.
__global__ void dense_f32_f16(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(ld<h8>(in, L), ld<h8>(in + W * 4, L),
                                                         ld<f8>(in + W * 8, L)));
}
// Dense f16 <- f16: A, B 4 words, C/D 4 words (packed halves).
__global__ void dense_f16_f16(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(ld<h8>(in, L), ld<h8>(in + W * 4, L),
                                                         ld<h8>(in + W * 8, L)));
}
// Dense f32 <- fp8 x fp8 and bf8 x bf8: A, B 2 words, C/D 8.
__global__ void dense_f32_fp8(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_fp8_fp8_w32_gfx12(ld<i2>(in, L), ld<i2>(in + W * 2, L),
                                                             ld<f8>(in + W * 4, L)));
}
__global__ void dense_f32_bf8(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_bf8_bf8_w32_gfx12(ld<i2>(in, L), ld<i2>(in + W * 2, L),
                                                             ld<f8>(in + W * 4, L)));
}
// Dense i32 <- iu8 x iu8, both unsigned, clamp: A, B 2 words, C/D 8.
__global__ void dense_i32_iu8_clamp(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(false, ld<i2>(in, L), false, ld<i2>(in + W * 2, L),
                                                         ld<i8>(in + W * 4, L), true));
}
// C modifiers, written out as assembly (the instruction under test exactly):
// NEG_HI[2] alone, and NEG[2] with NEG_HI[2]. s_nop: the compiler cannot see
// the WMMA's result hazard inside the asm statement.
__global__ void dense_f32_f16_cabs(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  f8 d;
  asm volatile("v_wmma_f32_16x16x16_f16 %0, %1, %2, %3 neg_hi:[0,0,1]\n\ts_nop 7\n\ts_nop 7"
               : "=&v"(d) : "v"(ld<h8>(in, L)), "v"(ld<h8>(in + W * 4, L)), "v"(ld<f8>(in + W * 8, L)));
  st(out, L, d);
}
__global__ void dense_f32_f16_cnegabs(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  f8 d;
  asm volatile("v_wmma_f32_16x16x16_f16 %0, %1, %2, %3 neg_lo:[0,0,1] neg_hi:[0,0,1]\n\ts_nop 7\n\ts_nop 7"
               : "=&v"(d) : "v"(ld<h8>(in, L)), "v"(ld<h8>(in + W * 4, L)), "v"(ld<f8>(in + W * 8, L)));
  st(out, L, d);
}
// The clamp bit on a float WMMA (VOP3P bit 15), which the assemblers reject:
// v_wmma_f32_16x16x16_f16 v[16:23], v[0:3], v[4:7], v[8:15] is
// 0xcc404010 0x1c220900 (llvm-mc -show-encoding); with clamp 0xcc40c010.
__global__ void dense_f32_f16_clamp(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  f8 d;
  asm volatile(".long 0xcc40c010, 0x1c220900\n\ts_nop 7\n\ts_nop 7"
               : "={v[16:23]}"(d)
               : "{v[0:3]}"(ld<h8>(in, L)), "{v[4:7]}"(ld<h8>(in + W * 4, L)), "{v[8:15]}"(ld<f8>(in + W * 8, L)));
  st(out, L, d);
}
// SWMMAC f32 <- f16 (index_key 0): A 4 words, B 8, C/D 8, index 1.
__global__ void sparse_f32_f16(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_swmmac_f32_16x16x32_f16_w32(ld<h8>(in, L), ld<h16>(in + W * 4, L),
                                                           ld<f8>(in + W * 12, L), ld<int>(in + W * 20, L)));
}
// global_load_tr_b64 (8 bytes per lane, lane L at byte 8L): 2 words per lane.
__global__ void tr_b64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  typedef __attribute__((address_space(1))) i2 g_i2;
  st(out, L, __builtin_amdgcn_global_load_tr_b64_v2i32((g_i2*)(in + 2 * L)));
}
// global_load_tr_b128 with EXEC = 0x0f0f0f0f (lanes 4-7 of every 8 off): the
// destination holds 0xdead0000 + 16 * lane + register before the load.
__global__ void tr_b128_exec(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  i4 d;
  for (int r = 0; r < 4; ++r) d[r] = int(0xdead0000u + 16 * L + r);
  const uint32_t* p = in + 4 * L;
  uint32_t saved;
  asm volatile(
      "s_mov_b32 %1, exec_lo\n\t"
      "s_mov_b32 exec_lo, 0x0f0f0f0f\n\t"
      "global_load_tr_b128 %0, %2, off\n\t"
      "s_wait_loadcnt 0x0\n\t"
      "s_mov_b32 exec_lo, %1"
      : "+&v"(d), "=&s"(saved)
      : "v"(p)
      : "memory");
  st(out, L, d);
}
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
    asm volatile(INSN " %0, %1, %2" : "=s"(d) : "s"(a), "s"(b) : "scc");                  \
    out[threadIdx.x] = d;                                                                   \
  }
#define SOP1_PROBE(NAME, INSN)                                                              \
  __global__ void NAME(const uint32_t* in, uint32_t* out) {                                 \
    uint32_t d, a = __builtin_amdgcn_readfirstlane(in[0]);                                  \
    (void)in[1];                                                                            \
    asm volatile(INSN " %0, %1" : "=s"(d) : "s"(a));                                        \
    out[threadIdx.x] = d;                                                                   \
  }
// v_cvt_pk_u8_f32 D, S0, S1, S2: the three operands from in[0..2].
__global__ void isa_v_cvt_pk_u8_f32(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = in[0], b = in[1], c = in[2];
  asm volatile("v_cvt_pk_u8_f32 %0, %1, %2, %3" : "=v"(d) : "v"(a), "v"(b), "v"(c));
  out[threadIdx.x] = d;
}
VOP2_PROBE(isa_v_cvt_pk_u16_u32, "v_cvt_pk_u16_u32")
VOP2_PROBE(isa_v_cvt_pk_i16_i32, "v_cvt_pk_i16_i32")
SOP2_PROBE(isa_s_bfe_u32, "s_bfe_u32")
SOP2_PROBE(isa_s_bfe_i32, "s_bfe_i32")
SOP1_PROBE(isa_s_rndne_f32, "s_rndne_f32")

// ds_swizzle_b32 rotate mode, offset 0xc020 (llvm-mc: swizzle(ROTATE,0,1)): size 1,
// direction bit 0; each lane's source is its lane id (the input words are unused).
__global__ void isa_ds_swizzle_rotate(const uint32_t* in, uint32_t* out) {
  uint32_t d, a = threadIdx.x;
  (void)in;
  asm volatile("ds_swizzle_b32 %0, %1 offset:0xc020\n\ts_wait_dscnt 0x0" : "=v"(d) : "v"(a));
  out[threadIdx.x] = d;
}
// global_load_addtid_b32 with the instruction offset 4100 (0x1004: more than 12 bits),
// from the input buffer (word k of the input holds k).
__global__ void isa_global_load_addtid(const uint32_t* in, uint32_t* out) {
  uint32_t d;
  asm volatile("global_load_addtid_b32 %0, %1 offset:4100\n\ts_wait_loadcnt 0x0" : "=v"(d) : "s"(in) : "memory");
  out[threadIdx.x] = d;
}

struct Probe {
  const char* name;
  const void* kernel;
  int in_words, out_words;
};
const Probe kProbes[] = {
    {"isa_ds_swizzle_rotate", (const void*)isa_ds_swizzle_rotate, 1, W},
    {"isa_global_load_addtid", (const void*)isa_global_load_addtid, 2048, W},
    {"isa_v_cvt_pk_u8_f32", (const void*)isa_v_cvt_pk_u8_f32, 3, W},
    {"isa_v_cvt_pk_u16_u32", (const void*)isa_v_cvt_pk_u16_u32, 2, W},
    {"isa_v_cvt_pk_i16_i32", (const void*)isa_v_cvt_pk_i16_i32, 2, W},
    {"isa_s_bfe_u32", (const void*)isa_s_bfe_u32, 2, W},
    {"isa_s_bfe_i32", (const void*)isa_s_bfe_i32, 2, W},
    {"isa_s_rndne_f32", (const void*)isa_s_rndne_f32, 2, W},
    {"dense_f32_f16", (const void*)dense_f32_f16, W * 16, W * 8},
    {"dense_f16_f16", (const void*)dense_f16_f16, W * 12, W * 4},
    {"dense_f32_fp8", (const void*)dense_f32_fp8, W * 12, W * 8},
    {"dense_f32_bf8", (const void*)dense_f32_bf8, W * 12, W * 8},
    {"dense_i32_iu8_clamp", (const void*)dense_i32_iu8_clamp, W * 12, W * 8},
    {"dense_f32_f16_cabs", (const void*)dense_f32_f16_cabs, W * 16, W * 8},
    {"dense_f32_f16_cnegabs", (const void*)dense_f32_f16_cnegabs, W * 16, W * 8},
    {"dense_f32_f16_clamp", (const void*)dense_f32_f16_clamp, W * 16, W * 8},
    {"sparse_f32_f16", (const void*)sparse_f32_f16, W * 21, W * 8},
    {"tr_b64", (const void*)tr_b64, W * 2, W * 2},
    {"tr_b128_exec", (const void*)tr_b128_exec, W * 4, W * 4},
};
#else
#define W 64
// Dense f32 <- f16, wave64: A, B 2 words, C/D 4 words per lane.
__global__ void dense_f32_f16_w64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  st(out, L, __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(ld<h4>(in, L), ld<h4>(in + W * 2, L),
                                                         ld<f4>(in + W * 4, L)));
}
// Transpose loads, wave64: B128 8 bytes per lane, B64 4 bytes per lane (lane L at L * that).
__global__ void tr_b128_w64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  typedef __attribute__((address_space(1))) s4 g_s4;
  st(out, L, __builtin_amdgcn_global_load_tr_b128_v4i16((g_s4*)(in + 2 * L)));
}
__global__ void tr_b64_w64(const uint32_t* in, uint32_t* out) {
  const unsigned L = threadIdx.x;
  typedef __attribute__((address_space(1))) int g_int;
  st(out, L, __builtin_amdgcn_global_load_tr_b64_i32((g_int*)(in + L)));
}
struct Probe {
  const char* name;
  const void* kernel;
  int in_words, out_words;
};
const Probe kProbes[] = {
    {"dense_f32_f16_w64", (const void*)dense_f32_f16_w64, W * 8, W * 4},
    {"tr_b128_w64", (const void*)tr_b128_w64, W * 2, W * 2},
    {"tr_b64_w64", (const void*)tr_b64_w64, W * 1, W * 1},
};
#endif

static int usage(const char* why) {
  std::fprintf(stderr, "probes: error: %s\nusage: probes KERNEL < hex-words; kernels:", why);
  for (const Probe& p : kProbes) std::fprintf(stderr, " %s", p.name);
  std::fprintf(stderr, "\n");
  return 2;
}

int main(int argc, char** argv) {
  if (argc != 2) return usage("expected one KERNEL argument");
  const Probe* probe = nullptr;
  for (const Probe& p : kProbes)
    if (std::strcmp(p.name, argv[1]) == 0) probe = &p;
  if (!probe) return usage((std::string("unknown kernel '") + argv[1] + "'").c_str());
  std::vector<uint32_t> in;
  char tok[64];
  while (std::scanf("%63s", tok) == 1) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(tok, &end, 16);
    if (!*tok || *end || v > 0xffffffffUL) return usage((std::string("bad hex word '") + tok + "'").c_str());
    in.push_back(static_cast<uint32_t>(v));
  }
  if (static_cast<int>(in.size()) != probe->in_words) {
    char msg[128];
    std::snprintf(msg, sizeof msg, "%s takes %d input words, got %zu", probe->name, probe->in_words, in.size());
    return usage(msg);
  }
  uint32_t *din = nullptr, *dout = nullptr;
  hipError_t e = hipMalloc(&din, in.size() * 4);
  if (e == hipSuccess) e = hipMalloc(&dout, probe->out_words * 4);
  if (e == hipSuccess) e = hipMemcpy(din, in.data(), in.size() * 4, hipMemcpyHostToDevice);
  if (e == hipSuccess) e = hipMemset(dout, 0, probe->out_words * 4);
  if (e != hipSuccess) {
    std::fprintf(stderr, "probes: error: %s\n", hipGetErrorString(e));
    return 2;
  }
  void* args[] = {&din, &dout};
  e = hipLaunchKernel(probe->kernel, dim3(1), dim3(W), args, 0, nullptr);
  if (e == hipSuccess) e = hipDeviceSynchronize();
  std::vector<uint32_t> out(probe->out_words);
  if (e == hipSuccess) e = hipMemcpy(out.data(), dout, out.size() * 4, hipMemcpyDeviceToHost);
  if (e != hipSuccess) {
    std::printf("FAULT %s\n", hipGetErrorString(e));
    return 3;
  }
  for (size_t i = 0; i < out.size(); ++i) std::printf(i ? " %08x" : "%08x", out[i]);
  std::printf("\n");
  return 0;
}
