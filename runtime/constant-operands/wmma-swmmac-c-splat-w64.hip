// Dense WMMA and sparse SWMMAC, wave64, with the accumulator C a compile-time splat, for every
// result type (f32, f16, bf16, i32), at -O0 and -O3: the compiler encodes C as an inline
// constant or moves it into the C registers as a literal (SWMMAC: C is D, always moved in;
// codegen/constant-operands/*_w64*.hip). Either way D = A x B + C must hold. A is all zeros
// (any sparsity index selects zeros), so every element of D is C exactly, whatever the
// register layout: the check is the meaning of the encoded constant (for 16-bit types, both
// halves of every D register). One program for both families keeps the compile cost of the
// suite down (the wave32 forms: wmma-c-splat-w32.hip, swmmac-c-splat-w32.hip).
// Values: 0, 1, -1, 0.5, 1/(2 pi) (an inline constant of f32 and f16, not of bf16), 3 (a
// literal); bf16 also 0x3c00 (f16 1.0's bits, bf16 2^-7: what a fold of the bf16 bits as f16
// would encode as the inline constant 1.0); i32 0, 1, -1, 64 (the largest integer inline
// constant), 65 (a literal).
// Reference: the splat value itself (plain arithmetic: 0 * b + c = c).
// RUN: %hipcc -O0 -mwavefrontsize64 %s -o %t.O0
// RUN: %run %t.O0 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O3 -mwavefrontsize64 %s -o %t.O3
// RUN: %run %t.O3 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: wmma f32 ok
// CHECK: wmma f16 ok
// CHECK: wmma bf16 ok
// CHECK: wmma i32 ok
// CHECK: swmmac f32 ok
// CHECK: swmmac f16 ok
// CHECK: swmmac bf16 ok
// CHECK: swmmac i32 ok
// CHECK: PASS
#include "rdna4_test.h"

#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

typedef float v4f __attribute__((ext_vector_type(4)));
typedef _Float16 v4h __attribute__((ext_vector_type(4)));
typedef _Float16 v8h __attribute__((ext_vector_type(8)));
typedef short v4s __attribute__((ext_vector_type(4)));
typedef short v8s __attribute__((ext_vector_type(8)));
typedef int v4i __attribute__((ext_vector_type(4)));
typedef int v2i __attribute__((ext_vector_type(2)));

// The splats, as the bit patterns of one element (f32/i32: 32 bits; f16/bf16: 16 bits).
constexpr float kF32[] = {0.0f, 1.0f, -1.0f, 0.5f, 0.15915494f, 3.0f};
constexpr uint16_t kF16[] = {0x0000, 0x3c00, 0xbc00, 0x3800, 0x3118, 0x4200};  // 0, 1, -1, 0.5, 1/(2pi), 3
constexpr uint16_t kBF16[] = {0x0000, 0x3f80, 0xbf80, 0x3f00, 0x3e23, 0x4040, 0x3c00};
constexpr int kI32[] = {0, 1, -1, 64, 65};

#define HALF(K) ((v4h)(__builtin_bit_cast(_Float16, kF16[K])))
#define BF16(K) ((v4s)((short)kBF16[K]))

// WMMA wave64: A and B 4 x 16-bit (iu8: one dword) per lane, C/D 4 dwords (16-bit: 4 halves).
template <int K>
__global__ void wmma_f32(const v4h* a, const v4h* b, v4f* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w64_gfx12(a[l], b[l], (v4f)(kF32[K]));
}
template <int K>
__global__ void wmma_f16(const v4h* a, const v4h* b, v4h* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w64_gfx12(a[l], b[l], HALF(K));
}
template <int K>
__global__ void wmma_bf16(const v4s* a, const v4s* b, v4s* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w64_gfx12(a[l], b[l], BF16(K));
}
template <int K>
__global__ void wmma_i32(const int* a, const int* b, v4i* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w64_gfx12(true, a[l], true, b[l], (v4i)(kI32[K]), false);
}

// SWMMAC wave64: A as WMMA's, B twice as wide; the sparsity index is the lane number.
template <int K>
__global__ void swmmac_f32(const v4h* a, const v8h* b, v4f* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_swmmac_f32_16x16x32_f16_w64(a[l], b[l], (v4f)(kF32[K]), l);
}
template <int K>
__global__ void swmmac_f16(const v4h* a, const v8h* b, v4h* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_swmmac_f16_16x16x32_f16_w64(a[l], b[l], HALF(K), l);
}
template <int K>
__global__ void swmmac_bf16(const v4s* a, const v8s* b, v4s* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_swmmac_bf16_16x16x32_bf16_w64(a[l], b[l], BF16(K), l);
}
template <int K>
__global__ void swmmac_i32(const int* a, const v2i* b, v4i* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_swmmac_i32_16x16x32_iu8_w64(true, a[l], true, b[l], (v4i)(kI32[K]), l, false);
}

constexpr int kLanes = 64;
constexpr size_t kBytes = kLanes * 16;  // the largest operand: 16 bytes per lane
static void* zeros;                      // A: all zeros
static void* some_b;                     // B: anything finite; A = 0 makes D = C
static uint32_t* dout;

// Launch one kernel and return the 64 lanes x 4 dwords of D.
static std::vector<uint32_t> launch(const void* k) {
  void* args[] = {&zeros, &some_b, &dout};
  RDNA4_HIP_CHECK(hipMemset(dout, 0xab, kBytes));
  RDNA4_HIP_CHECK(hipLaunchKernel(k, dim3(1), dim3(kLanes), args, 0, 0));
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  std::vector<uint32_t> r(kLanes * 4);
  RDNA4_HIP_CHECK(hipMemcpy(r.data(), dout, kBytes, hipMemcpyDeviceToHost));
  return r;
}

// Every dword of D (32-bit types: 4 per lane) or every 16-bit half (packed types: 2 dwords
// per lane, the kernel writes 64 x 8 bytes) must be `want`. Returns whether they all are.
static bool expect_all(const char* what, int k, const std::vector<uint32_t>& d, uint32_t want, bool packed) {
  int bad = 0;
  const size_t n = packed ? kLanes * 2 : kLanes * 4;
  const uint32_t w = packed ? (want | (want << 16)) : want;
  for (size_t i = 0; i < n; ++i)
    if (d[i] != w && bad++ < 3)
      std::printf("FAIL %s splat %d: D dword %zu = 0x%08x, want 0x%08x\n", what, k, i, d[i], w);
  RDNA4_EXPECT(bad == 0, "%s splat %d: %d wrong dwords", what, k, bad);
  return bad == 0;
}

static uint32_t f32_bits(float f) {
  uint32_t w;
  std::memcpy(&w, &f, 4);
  return w;
}

// One family (WMMA or SWMMAC): every splat of every result type; "<family> <type> ok" only when
// every splat of that type is right (a wrong one prints FAIL lines, then "<family> <type> FAILED",
// where the FileCheck line of that type stops).
#define RUN_FAMILY(fam)                                                                          \
  template <int... K>                                                                            \
  static bool fam##_f32_all(std::integer_sequence<int, K...>) {                                  \
    bool ok = true;                                                                              \
    (..., (ok &= expect_all(#fam " f32", K, launch((const void*)fam##_f32<K>), f32_bits(kF32[K]), false)));  \
    return ok;                                                                                   \
  }                                                                                              \
  template <int... K>                                                                            \
  static bool fam##_f16_all(std::integer_sequence<int, K...>) {                                  \
    bool ok = true;                                                                              \
    (..., (ok &= expect_all(#fam " f16", K, launch((const void*)fam##_f16<K>), kF16[K], true)));          \
    return ok;                                                                                   \
  }                                                                                              \
  template <int... K>                                                                            \
  static bool fam##_bf16_all(std::integer_sequence<int, K...>) {                                 \
    bool ok = true;                                                                              \
    (..., (ok &= expect_all(#fam " bf16", K, launch((const void*)fam##_bf16<K>), kBF16[K], true)));       \
    return ok;                                                                                   \
  }                                                                                              \
  template <int... K>                                                                            \
  static bool fam##_i32_all(std::integer_sequence<int, K...>) {                                  \
    bool ok = true;                                                                              \
    (..., (ok &= expect_all(#fam " i32", K, launch((const void*)fam##_i32<K>), uint32_t(kI32[K]), false)));  \
    return ok;                                                                                   \
  }                                                                                              \
  static void fam##_all() {                                                                      \
    std::printf(#fam " f32 %s\n", fam##_f32_all(std::make_integer_sequence<int, 6>()) ? "ok" : "FAILED"); \
    std::printf(#fam " f16 %s\n", fam##_f16_all(std::make_integer_sequence<int, 6>()) ? "ok" : "FAILED"); \
    std::printf(#fam " bf16 %s\n", fam##_bf16_all(std::make_integer_sequence<int, 7>()) ? "ok" : "FAILED"); \
    std::printf(#fam " i32 %s\n", fam##_i32_all(std::make_integer_sequence<int, 5>()) ? "ok" : "FAILED"); \
  }
RUN_FAMILY(wmma)
RUN_FAMILY(swmmac)

int main() {
  rdna4_test_begin();
  RDNA4_HIP_CHECK(hipMalloc(&zeros, kBytes));
  RDNA4_HIP_CHECK(hipMalloc(&some_b, kBytes));
  RDNA4_HIP_CHECK(hipMalloc((void**)&dout, kBytes));
  RDNA4_HIP_CHECK(hipMemset(zeros, 0, kBytes));
  RDNA4_HIP_CHECK(hipMemset(some_b, 0x3c, kBytes));  // f16 1.0078, bf16 0.0115, i8 60: finite
  wmma_all();
  swmmac_all();
  (void)hipFree(zeros);
  (void)hipFree(some_b);
  (void)hipFree(dout);
  return rdna4_test_end();
}
