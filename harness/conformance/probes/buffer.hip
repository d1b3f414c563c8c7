// Probe kernels of the VBUFFER assumptions (buffer.py). Each builds its buffer resource
// (V#) in SGPRs s[20:23] (and s[24:27]) from a kernel pointer and runs the instruction
// under test in lane 0 only (an atomic or store of every lane would meet at one address).
#include "probe_kernel.h"

#ifndef PROBE_WAVE64
// V# in s[N:N+3]: base = the pointer (%[lo], %[hi]), dword 1 bits [31:16] |= D1 (stride
// << 16, swizzle_enable << 30), num_records NREC, dword 3 = D3 (oob_select << 28,
// index_stride << 21, data format << 12).
#define BUF_VSHARP(N0, N1, N2, N3, D1, NREC, D3) \
  "s_mov_b32 " #N0 ", %[lo]\n\t"               \
  "s_and_b32 " #N1 ", %[hi], 0xffff\n\t"       \
  "s_or_b32 " #N1 ", " #N1 ", " #D1 "\n\t"     \
  "s_mov_b32 " #N2 ", " #NREC "\n\t"           \
  "s_mov_b32 " #N3 ", " #D3 "\n\t"

// buffer_range_check: raw V# (oob_select 3) over `in`, num_records 10. out[0..1] =
// buffer_load_b64 at offset 4 (dword 1 = bytes 8..11 passes 10); out[2] = buffer_load_b32
// at offset 4 with soffset 4 (bytes 8..11 from the base, 4..7 without soffset).
__global__ void isa_buffer_range(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)in;
  if (threadIdx.x != 0) return;
  uint64_t x = 0xdeaddeaddeaddeadull;
  uint32_t y = 0xdead;
  asm volatile(BUF_VSHARP(s20, s21, s22, s23, 0, 10, 0x30000000)
               "s_mov_b32 s24, 4\n\t"
               "buffer_load_b64 %[x], off, s[20:23], null offset:4\n\t"
               "buffer_load_b32 %[y], off, s[20:23], s24 offset:4\n\t"
               "s_wait_loadcnt 0x0"
               : [x] "+v"(x), [y] "+v"(y)
               : [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32))
               : "s20", "s21", "s22", "s23", "s24", "scc", "memory");
  out[0] = (uint32_t)x;
  out[1] = (uint32_t)(x >> 32);
  out[2] = y;
}
PROBE_KERNEL(isa_buffer_range, 4, 3)

// buffer_atomic_out_of_range: raw V# over `out`, num_records 4. out[1] = 5 (stored and
// waited for first); buffer_atomic_add_u32 of 7 at offset 4 (bytes 4..7, past 4) with
// return; out[0] = the returned value. The host reads out[0] and out[1].
__global__ void isa_buffer_atomic_oob(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)out;
  (void)in;
  if (threadIdx.x != 0) return;
  uint32_t d = 7, zero = 0, five = 5;
  asm volatile(BUF_VSHARP(s20, s21, s22, s23, 0, 4, 0x30000000)
               "global_store_b32 %[z], %[f], %[p] offset:4\n\t"
               "s_wait_storecnt 0x0\n\t"
               "buffer_atomic_add_u32 %[d], off, s[20:23], null offset:4 th:TH_ATOMIC_RETURN\n\t"
               "s_wait_loadcnt 0x0"
               : [d] "+v"(d)
               : [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32)), [p] "s"(out), [z] "v"(zero), [f] "v"(five)
               : "s20", "s21", "s22", "s23", "scc", "memory");
  out[0] = d;
}
PROBE_KERNEL(isa_buffer_atomic_oob, 1, 2)

// buffer_format_conversion: V# s[20:23] over `out` (raw, num_records 16): out[0] = 0, then
// tbuffer_store_format_x of 0.5 as 8_UNORM to byte 0; V# s[24:27] over `in` (in[0] =
// 0x00000201): tbuffer_load_format_xyzw as 8_8_UINT; out[1] = its W.
__global__ void isa_buffer_format(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)out, q = (uint64_t)in;
  if (threadIdx.x != 0) return;
  i4 r = {0, 0, 0, 0x7777};
  uint32_t zero = 0;
  float half = 0.5f;
  asm volatile(BUF_VSHARP(s20, s21, s22, s23, 0, 16, 0x30000000)
               "s_mov_b32 s24, %[qlo]\n\t"
               "s_and_b32 s25, %[qhi], 0xffff\n\t"
               "s_mov_b32 s26, 16\n\t"
               "s_mov_b32 s27, 0x30000000\n\t"
               "global_store_b32 %[z], %[z], %[p]\n\t"
               "s_wait_storecnt 0x0\n\t"
               "tbuffer_store_format_x %[h], off, s[20:23], null format:[BUF_FMT_8_UNORM]\n\t"
               "tbuffer_load_format_xyzw %[r], off, s[24:27], null format:[BUF_FMT_8_8_UINT]\n\t"
               "s_wait_loadcnt 0x0\n\t"
               "s_wait_storecnt 0x0"
               : [r] "+v"(r)
               : [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32)), [qlo] "s"((uint32_t)q),
                 [qhi] "s"((uint32_t)(q >> 32)), [p] "s"(out), [z] "v"(zero), [h] "v"(half)
               : "s20", "s21", "s22", "s23", "s24", "s25", "s26", "s27", "scc", "memory");
  out[1] = (uint32_t)r.w;
}
PROBE_KERNEL(isa_buffer_format, 1, 2)

// buffer_swizzle_addressing: V#s over `in` (word k = 0x100 + k), stride 16, num_records 64,
// oob_select 1, index_stride 0 (8 records): s[20:23] swizzle_enable 2, s[24:27]
// swizzle_enable 3. buffer_load_b32 idxen offen with index 1, offset 4 from each.
__global__ void isa_buffer_swizzle(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)in;
  if (threadIdx.x != 0) return;
  uint64_t ia = 1ull | (4ull << 32);  // index VGPR, offset VGPR
  uint32_t a = 0xdead, b = 0xdead;
  asm volatile(BUF_VSHARP(s20, s21, s22, s23, 0x80100000, 64, 0x10000000)
               BUF_VSHARP(s24, s25, s26, s27, 0xc0100000, 64, 0x10000000)
               "buffer_load_b32 %[a], %[ia], s[20:23], null idxen offen\n\t"
               "buffer_load_b32 %[b], %[ia], s[24:27], null idxen offen\n\t"
               "s_wait_loadcnt 0x0"
               : [a] "+v"(a), [b] "+v"(b)
               : [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32)), [ia] "v"(ia)
               : "s20", "s21", "s22", "s23", "s24", "s25", "s26", "s27", "scc", "memory");
  out[0] = a;
  out[1] = b;
}
PROBE_KERNEL(isa_buffer_swizzle, 64, 2)

// buffer_tfe_status: raw V# over `in`, num_records 8; buffer_load_b32 with tfe at offset 0
// (in range) and 16 (out of range), the status VGPR (the pair's high half) preset to 0xdead.
// out[0], out[1] = the statuses, out[2], out[3] = the data.
__global__ void isa_buffer_tfe(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)in;
  if (threadIdx.x != 0) return;
  uint64_t x = 0x0000dead0000beefull, y = 0x0000dead0000beefull;
  asm volatile(BUF_VSHARP(s20, s21, s22, s23, 0, 8, 0x30000000)
               "buffer_load_b32 %[x], off, s[20:23], null tfe\n\t"
               "buffer_load_b32 %[y], off, s[20:23], null offset:16 tfe\n\t"
               "s_wait_loadcnt 0x0"
               : [x] "+v"(x), [y] "+v"(y)
               : [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32))
               : "s20", "s21", "s22", "s23", "scc", "memory");
  out[0] = (uint32_t)(x >> 32);
  out[1] = (uint32_t)(y >> 32);
  out[2] = (uint32_t)x;
  out[3] = (uint32_t)y;
}
PROBE_KERNEL(isa_buffer_tfe, 8, 4)

// buffer_packed_formats: raw V# over `out`, num_records 16; tbuffer_store_format_xyzw as
// 10_11_11_FLOAT (three channels: W is not stored) of in[0..3] (the host's f32 bits).
__global__ void isa_buffer_packed(const uint32_t* in, uint32_t* out) {
  const uint64_t p = (uint64_t)out;
  if (threadIdx.x != 0) return;
  f4 v = {__builtin_bit_cast(float, in[0]), __builtin_bit_cast(float, in[1]), __builtin_bit_cast(float, in[2]),
          __builtin_bit_cast(float, in[3])};
  asm volatile(BUF_VSHARP(s20, s21, s22, s23, 0, 16, 0x30000000)
               "tbuffer_store_format_xyzw %[v], off, s[20:23], null format:[BUF_FMT_10_11_11_FLOAT]\n\t"
               "s_wait_storecnt 0x0"
               :
               : [lo] "s"((uint32_t)p), [hi] "s"((uint32_t)(p >> 32)), [v] "v"(v)
               : "s20", "s21", "s22", "s23", "scc", "memory");
}
PROBE_KERNEL(isa_buffer_packed, 4, 1)
#endif
