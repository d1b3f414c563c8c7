// Device printf for the emulator path (hipemu), included by <hip/hip_runtime.h>.
//
// clang lowers a device `printf(fmt, args...)` for HIP (its default -mprintf-kind=hostcall,
// clang 19 and 22 alike) into calls of three functions ROCm's device library (ockl)
// defines:
//   uint64_t __ockl_printf_begin(uint64_t version)
//   uint64_t __ockl_printf_append_string_n(uint64_t desc, const char* s, uint64_t len,
//                                          uint32_t is_last)   // the format, then each %s
//   uint64_t __ockl_printf_append_args(uint64_t desc, uint32_t n, uint64_t a0..a6,
//                                      uint32_t is_last)       // up to 7 other arguments
// (floating-point arguments as the bits of a double). With -nogpulib there is no ockl, so
// this header defines them: each call appends a record to the buffer whose address the
// runtime passes in the kernel's hidden_hostcall_buffer argument (code object v5: offset
// 80 of the implicit arguments); reading that argument makes the compiler list it in the
// kernel's metadata. The runtime formats and prints the records on stdout when the launch
// ends (harness/hip/src/printf.cpp, which documents the record layout). A full buffer drops
// the message (the runtime says how many were dropped on stderr); -mprintf-kind=buffered
// is not supported (it needs __printf_alloc and the printf-buffer metadata).
#ifndef HIPEMU_PRINTF_H
#define HIPEMU_PRINTF_H

#if defined(__HIP__)

extern "C" __device__ int printf(const char* format, ...);

#define __hipemu_pf_fn extern "C" __device__ __attribute__((weak))
typedef __attribute__((address_space(1))) unsigned long long __hipemu_pf_u64;

// Buffer header (8-byte words): [0] bytes of records written, [1] last message id,
// [2] capacity of the record area in bytes, [3] records dropped; records from byte 64.
static __device__ inline __attribute__((always_inline)) __hipemu_pf_u64* __hipemu_pf_buffer() {
  const __attribute__((address_space(4))) unsigned long long* implicit =
      (const __attribute__((address_space(4))) unsigned long long*)__builtin_amdgcn_implicitarg_ptr();
  return (__hipemu_pf_u64*)implicit[10];  // hidden_hostcall_buffer, byte offset 80
}

// Reserve `bytes` (a multiple of 8) of record area; null when full (the drop is counted).
static __device__ inline __attribute__((always_inline)) __hipemu_pf_u64* __hipemu_pf_reserve(
    __hipemu_pf_u64* b, unsigned long long bytes) {
  unsigned long long off =
      __hip_atomic_fetch_add(&b[0], bytes, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
  if (off + bytes > b[2]) {
    __hip_atomic_fetch_add(&b[3], 1ull, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    return (__hipemu_pf_u64*)0;
  }
  return b + 8 + off / 8;
}

// The three definitions come in the order clang 19 and 22 emit them when this header is
// read from a precompiled header (`rdna4-conformance hipcc`, harness/conformance/hipcc_pch.py:
// eagerly emitted definitions in the PCH's order, append_args, append_string_n, begin), so
// a program's code object is byte for byte the same with and without one even at -O0, where
// all three are kept (harness/bench/pch_identity). The order means nothing else.

// Record: word 0 message id, word 1 = kind | is_last << 8 | count << 32 (kind 1: arguments,
// count of them; kind 2: string of count bytes; kind 3: null string), then the payload
// (7 arguments, or the bytes padded to 8).
__hipemu_pf_fn unsigned long long __ockl_printf_append_args(
    unsigned long long desc, unsigned int n, unsigned long long a0, unsigned long long a1,
    unsigned long long a2, unsigned long long a3, unsigned long long a4, unsigned long long a5,
    unsigned long long a6, unsigned int is_last) {
  __hipemu_pf_u64* b = __hipemu_pf_buffer();
  if (!b || !desc) return 0;
  __hipemu_pf_u64* r = __hipemu_pf_reserve(b, 9 * 8);
  if (r) {
    r[0] = desc;
    r[1] = 1ull | (unsigned long long)(is_last != 0) << 8 | (unsigned long long)n << 32;
    r[2] = a0; r[3] = a1; r[4] = a2; r[5] = a3; r[6] = a4; r[7] = a5; r[8] = a6;
  }
  return is_last ? 0 : desc;
}

__hipemu_pf_fn unsigned long long __ockl_printf_append_string_n(unsigned long long desc,
                                                                const char* s,
                                                                unsigned long long len,
                                                                unsigned int is_last) {
  __hipemu_pf_u64* b = __hipemu_pf_buffer();
  if (!b || !desc) return 0;
  if (!s) len = 0;
  __hipemu_pf_u64* r = __hipemu_pf_reserve(b, 16 + (len + 7) / 8 * 8);
  if (r) {
    r[0] = desc;
    r[1] = (s ? 2ull : 3ull) | (unsigned long long)(is_last != 0) << 8 | len << 32;
    __attribute__((address_space(1))) char* d = (__attribute__((address_space(1))) char*)(r + 2);
    for (unsigned long long i = 0; i < len; ++i) d[i] = s[i];
  }
  return is_last ? 0 : desc;
}

__hipemu_pf_fn unsigned long long __ockl_printf_begin(unsigned long long version) {
  (void)version;
  __hipemu_pf_u64* b = __hipemu_pf_buffer();
  if (!b) return 0;
  return __hip_atomic_fetch_add(&b[1], 1ull, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT) + 1;
}

#undef __hipemu_pf_fn
#endif  // __HIP__
#endif  // HIPEMU_PRINTF_H
