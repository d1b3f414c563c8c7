// Dense WMMA (wave32) with the accumulator C a compile-time splat, for every result type
// (f32, f16, bf16, i32), at -O0 and -O3: the compiler encodes C as an inline constant or a
// literal (codegen/constant-operands/); either way D = A x B + C must hold. A is all zeros,
// so every element of D is C exactly, whatever the register layout: the check is the
// meaning of the encoded constant (for 16-bit types, both halves of every D register).
// Values: 0, 1, -1, 0.5, 1/(2 pi) (an inline constant of f32 and f16, not of bf16), 3
// (a literal); bf16 also 0x3c00 (f16 1.0's bits, bf16 2^-7: what a fold of the bf16 bits as
// f16 would encode as the inline constant 1.0); i32 0, 1, -1, 64, 65.
// Reference: the splat value itself (plain arithmetic: 0 * b + c = c).
// "<type> ok" only when every splat of that type is right (a wrong one prints FAIL lines,
// then "<type> FAILED", where the type's CHECK line stops).
// RUN: %hipcc -O0 %s -o %t.O0
// RUN: %run %t.O0 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O3 %s -o %t.O3
// RUN: %run %t.O3 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: f32 ok
// CHECK: f16 ok
// CHECK: bf16 ok
// CHECK: i32 ok
// CHECK: PASS
#include "rdna4_test.h"

#include <cstdint>
#include <cstring>
#include <vector>

typedef float v8f __attribute__((ext_vector_type(8)));
typedef _Float16 v8h __attribute__((ext_vector_type(8)));
typedef short v8s __attribute__((ext_vector_type(8)));
typedef int v8i __attribute__((ext_vector_type(8)));
typedef int v2i __attribute__((ext_vector_type(2)));

// The splats, as the bit patterns of one element (f32/i32: 32 bits; f16/bf16: 16 bits).
constexpr float kF32[] = {0.0f, 1.0f, -1.0f, 0.5f, 0.15915494f, 3.0f};
constexpr uint16_t kF16[] = {0x0000, 0x3c00, 0xbc00, 0x3800, 0x3118, 0x4200};  // 0, 1, -1, 0.5, 1/(2pi), 3
constexpr uint16_t kBF16[] = {0x0000, 0x3f80, 0xbf80, 0x3f00, 0x3e23, 0x4040, 0x3c00};
constexpr int kI32[] = {0, 1, -1, 64, 65};

template <int K>
__global__ void f32(const v8h* a, const v8h* b, v8f* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_f32_16x16x16_f16_w32_gfx12(a[l], b[l], (v8f)(kF32[K]));
}
template <int K>
__global__ void f16(const v8h* a, const v8h* b, v8h* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_f16_16x16x16_f16_w32_gfx12(a[l], b[l], (v8h)(__builtin_bit_cast(_Float16, kF16[K])));
}
template <int K>
__global__ void bf16(const v8s* a, const v8s* b, v8s* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_bf16_16x16x16_bf16_w32_gfx12(a[l], b[l], (v8s)((short)kBF16[K]));
}
template <int K>
__global__ void i32(const v2i* a, const v2i* b, v8i* d) {
  int l = threadIdx.x;
  d[l] = __builtin_amdgcn_wmma_i32_16x16x16_iu8_w32_gfx12(true, a[l], true, b[l], (v8i)(kI32[K]), false);
}

static void* zeros;   // A: 32 lanes x 32 bytes of zeros
static void* ones_b;  // B: anything finite; A = 0 makes D = C
static uint32_t* dout;

// Launch one kernel and return the 32 lanes x 8 dwords of D.
static std::vector<uint32_t> launch(const void* k) {
  void* args[] = {&zeros, &ones_b, &dout};
  RDNA4_HIP_CHECK(hipMemset(dout, 0xab, 32 * 32));
  RDNA4_HIP_CHECK(hipLaunchKernel(k, dim3(1), dim3(32), args, 0, 0));
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  std::vector<uint32_t> r(32 * 8);
  RDNA4_HIP_CHECK(hipMemcpy(r.data(), dout, 32 * 32, hipMemcpyDeviceToHost));
  return r;
}

// Every dword of D (32-bit types: 8 per lane) or every 16-bit half (packed types: 4 dwords
// per lane, the kernel writes 32 x 16 bytes) must be `want`.
static bool expect_all(const char* type, int k, const std::vector<uint32_t>& d, uint32_t want, bool packed) {
  int bad = 0;
  const size_t n = packed ? 32 * 4 : 32 * 8;
  for (size_t i = 0; i < n; ++i) {
    uint32_t w = packed ? (want | (want << 16)) : want;
    if (d[i] != w && bad++ < 3)
      std::printf("FAIL %s splat %d: D dword %zu = 0x%08x, want 0x%08x\n", type, k, i, d[i], w);
  }
  RDNA4_EXPECT(bad == 0, "%s splat %d: %d wrong dwords", type, k, bad);
  return bad == 0;
}

template <int... K>
static bool run_f32(std::integer_sequence<int, K...>) {
  bool ok = true;
  (..., [&ok] {
    uint32_t w;
    std::memcpy(&w, &kF32[K], 4);
    ok &= expect_all("f32", K, launch((const void*)f32<K>), w, false);
  }());
  return ok;
}
template <int... K>
static bool run_f16(std::integer_sequence<int, K...>) {
  bool ok = true;
  (..., (ok &= expect_all("f16", K, launch((const void*)f16<K>), kF16[K], true)));
  return ok;
}
template <int... K>
static bool run_bf16(std::integer_sequence<int, K...>) {
  bool ok = true;
  (..., (ok &= expect_all("bf16", K, launch((const void*)bf16<K>), kBF16[K], true)));
  return ok;
}
template <int... K>
static bool run_i32(std::integer_sequence<int, K...>) {
  bool ok = true;
  (..., (ok &= expect_all("i32", K, launch((const void*)i32<K>), uint32_t(kI32[K]), false)));
  return ok;
}

int main() {
  rdna4_test_begin();
  RDNA4_HIP_CHECK(hipMalloc(&zeros, 32 * 32));
  RDNA4_HIP_CHECK(hipMalloc(&ones_b, 32 * 32));
  RDNA4_HIP_CHECK(hipMalloc((void**)&dout, 32 * 32));
  RDNA4_HIP_CHECK(hipMemset(zeros, 0, 32 * 32));
  RDNA4_HIP_CHECK(hipMemset(ones_b, 0x3c, 32 * 32));  // f16 1.0078, bf16 0.0115, i8 60: finite
  std::printf("f32 %s\n", run_f32(std::make_integer_sequence<int, 6>()) ? "ok" : "FAILED");
  std::printf("f16 %s\n", run_f16(std::make_integer_sequence<int, 6>()) ? "ok" : "FAILED");
  std::printf("bf16 %s\n", run_bf16(std::make_integer_sequence<int, 7>()) ? "ok" : "FAILED");
  std::printf("i32 %s\n", run_i32(std::make_integer_sequence<int, 5>()) ? "ok" : "FAILED");
  (void)hipFree(zeros);
  (void)hipFree(ones_b);
  (void)hipFree(dout);
  return rdna4_test_end();
}
