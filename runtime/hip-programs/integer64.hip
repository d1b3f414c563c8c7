// 64-bit and narrow integer arithmetic as a user writes it (u64 * u64, the high halves of 64 x 64 and
// 32 x 32 products, variable 64-bit shifts and rotates, clz/ctz/popcount/bit and byte reversal of 64
// bits, 64-bit min/max, 16- and 8-bit wrapping arithmetic): LLVM splits each into 32-bit VALU and SALU
// sequences (v_mad_co_u64_u32, v_mul_hi, v_alignbit, v_lshlrev_b64, v_ffbh, v_bcnt, v_bfrev, v_perm,
// v_cndmask on carries, ...), so a wrong carry, shift or bit-count semantic shows as a wrong number.
// The reference is written below from the definitions (bit loops, 128-bit products), not from the
// emulator; inputs are specials (0, 1, all ones, sign bits, powers of two) and random values of
// random widths.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: 64-bit integer {{[0-9]+}} inputs ok
// CHECK: narrow integer {{[0-9]+}} inputs ok
// CHECK: PASS
#include "rdna4_test.h"

#include <cstdint>
#include <vector>

enum { k64 = 14, kNarrow = 8 };

__global__ void int64_ops(int n, const uint64_t* a, const uint64_t* b, const uint32_t* s, uint64_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const uint64_t x = a[i], y = b[i];
  const unsigned k = s[i] & 63;
  uint64_t* o = out + k64 * i;
  o[0] = x * y;
  o[1] = (uint64_t)(((unsigned __int128)x * y) >> 64);
  o[2] = (uint64_t)(((__int128)(int64_t)x * (int64_t)y) >> 64);
  o[3] = x << k;
  o[4] = x >> k;
  o[5] = (uint64_t)((int64_t)x >> k);
  o[6] = k ? (x << k) | (x >> (64 - k)) : x;
  o[7] = x ? (uint64_t)__builtin_clzll(x) : 64;
  o[8] = x ? (uint64_t)__builtin_ctzll(x) : 64;
  o[9] = (uint64_t)__builtin_popcountll(x);
  o[10] = __builtin_bitreverse64(x);
  o[11] = __builtin_bswap64(x);
  o[12] = (uint64_t)((int64_t)x < (int64_t)y ? (int64_t)x : (int64_t)y);
  o[13] = x > y ? x : y;
}

__global__ void narrow_ops(int n, const uint32_t* a, const uint32_t* b, uint32_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const uint32_t x = a[i], y = b[i];
  uint32_t* o = out + kNarrow * i;
  o[0] = (uint32_t)(((uint64_t)x * y) >> 32);
  o[1] = (uint32_t)(((int64_t)(int32_t)x * (int32_t)y) >> 32);
  o[2] = (uint16_t)((uint16_t)x * (uint16_t)y);
  o[3] = (uint16_t)((uint16_t)x + (uint16_t)y);
  o[4] = (uint32_t)(int32_t)(int16_t)((int16_t)x - (int16_t)y);
  o[5] = (uint8_t)((uint8_t)x * (uint8_t)y + (uint8_t)(x >> 8));
  o[6] = (uint32_t)(int32_t)(int8_t)((int8_t)x >> (y & 7));
  o[7] = (uint16_t)x / ((uint16_t)y | 1);
}

// ---- CPU reference (from the definitions) -----------------------------------------------------
static uint32_t rng_state = 99;
static uint32_t rnd() { rng_state = rng_state * 1664525u + 1013904223u; return rng_state; }
static uint64_t rnd64() { return ((uint64_t)rnd() << 32) ^ rnd(); }

// 64 x 64 -> 128-bit product from 32-bit halves (schoolbook), unsigned.
static void mul128(uint64_t x, uint64_t y, uint64_t* hi, uint64_t* lo) {
  const uint64_t x0 = (uint32_t)x, x1 = x >> 32, y0 = (uint32_t)y, y1 = y >> 32;
  const uint64_t p00 = x0 * y0, p01 = x0 * y1, p10 = x1 * y0, p11 = x1 * y1;
  const uint64_t mid = (p00 >> 32) + (uint32_t)p01 + (uint32_t)p10;
  *lo = (mid << 32) | (uint32_t)p00;
  *hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
}
// Signed high half: the unsigned one minus y when x < 0 and minus x when y < 0 (mod 2^64).
static uint64_t smulhi(uint64_t x, uint64_t y) {
  uint64_t hi, lo;
  mul128(x, y, &hi, &lo);
  if ((int64_t)x < 0) hi -= y;
  if ((int64_t)y < 0) hi -= x;
  return hi;
}
static uint64_t clz64(uint64_t x) { uint64_t n = 0; for (int b = 63; b >= 0 && !((x >> b) & 1); --b) ++n; return n; }
static uint64_t ctz64(uint64_t x) { uint64_t n = 0; for (int b = 0; b < 64 && !((x >> b) & 1); ++b) ++n; return n; }
static uint64_t pop64(uint64_t x) { uint64_t n = 0; for (int b = 0; b < 64; ++b) n += (x >> b) & 1; return n; }
static uint64_t rev64(uint64_t x) { uint64_t r = 0; for (int b = 0; b < 64; ++b) r |= ((x >> b) & 1) << (63 - b); return r; }
static uint64_t bswap64(uint64_t x) { uint64_t r = 0; for (int k = 0; k < 8; ++k) r |= ((x >> (8 * k)) & 0xff) << (8 * (7 - k)); return r; }
// Arithmetic right shift from its definition: the sign bit copied into the vacated bits.
static uint64_t sra64(uint64_t x, unsigned k) {
  uint64_t r = x >> k;
  if (k && (x >> 63)) r |= ~0ull << (64 - k);
  return r;
}

static uint64_t rnd_width() { return rnd64() >> (rnd() % 64); }

static bool run_64(int* count) {
  const uint64_t sp[] = {0, 1, 2, 3, 0xffffffffull, 0x100000000ull, 0xffffffffffffffffull, 0x8000000000000000ull,
                         0x7fffffffffffffffull, 0x8000000000000001ull, 0x00000001ffffffffull, 0xfffffffe00000001ull,
                         0x5555555555555555ull, 0xaaaaaaaaaaaaaaaaull, 0x0123456789abcdefull};
  std::vector<uint64_t> a, b;
  std::vector<uint32_t> s;
  const int ns = sizeof sp / sizeof sp[0];
  for (int i = 0; i < ns; ++i)
    for (int j = 0; j < ns; ++j) a.push_back(sp[i]), b.push_back(sp[j]), s.push_back((i * 7 + j * 13) % 70);
  for (int i = 0; i < 20000; ++i) {
    a.push_back((rnd() & 3) ? rnd64() : rnd_width());
    b.push_back((rnd() & 3) ? rnd64() : rnd_width());
    s.push_back(rnd());
  }
  const int n = (int)a.size();
  *count = n;
  uint64_t *da, *db, *dout;
  uint32_t* ds;
  RDNA4_HIP_CHECK(hipMalloc(&da, n * 8));
  RDNA4_HIP_CHECK(hipMalloc(&db, n * 8));
  RDNA4_HIP_CHECK(hipMalloc(&ds, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dout, (size_t)k64 * n * 8));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), n * 8, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), n * 8, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(ds, s.data(), n * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(int64_ops, dim3((n + 255) / 256), dim3(256), 0, 0, n, da, db, ds, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint64_t> o((size_t)k64 * n);
  RDNA4_HIP_CHECK(hipMemcpy(o.data(), dout, o.size() * 8, hipMemcpyDeviceToHost));
  (void)hipFree(da); (void)hipFree(db); (void)hipFree(ds); (void)hipFree(dout);
  static const char* what[k64] = {"u64 *", "u64 mulhi", "i64 mulhi", "<<", ">>", "i64 >>", "rotl", "clz", "ctz",
                                  "popcount", "bitreverse", "bswap", "i64 min", "u64 max"};
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const uint64_t x = a[i], y = b[i];
    const unsigned k = s[i] & 63;
    uint64_t hi, lo;
    mul128(x, y, &hi, &lo);
    const uint64_t want[k64] = {lo, hi, smulhi(x, y), k ? x << k : x, k ? x >> k : x, sra64(x, k),
                                k ? (x << k) | (x >> (64 - k)) : x, clz64(x), ctz64(x), pop64(x), rev64(x),
                                bswap64(x), (int64_t)x < (int64_t)y ? x : y, x > y ? x : y};
    for (int j = 0; j < k64; ++j)
      if (o[(size_t)k64 * i + j] != want[j]) {
        RDNA4_EXPECT(false, "%s: x=0x%016llx y=0x%016llx k=%u gives 0x%016llx, want 0x%016llx", what[j],
                     (unsigned long long)x, (unsigned long long)y, k, (unsigned long long)o[(size_t)k64 * i + j],
                     (unsigned long long)want[j]);
        ok = false;
      }
  }
  return ok;
}

static bool run_narrow(int* count) {
  std::vector<uint32_t> a, b;
  const uint32_t sp[] = {0, 1, 0x7f, 0x80, 0xff, 0x100, 0x7fff, 0x8000, 0xffff, 0x10000, 0x7fffffff, 0x80000000,
                         0xffffffff, 0x12345678, 0xdeadbeef};
  for (uint32_t x : sp)
    for (uint32_t y : sp) a.push_back(x), b.push_back(y);
  for (int i = 0; i < 20000; ++i) a.push_back(rnd() >> (rnd() % 32)), b.push_back(rnd() >> (rnd() % 32));
  const int n = (int)a.size();
  *count = n;
  uint32_t *da, *db, *dout;
  RDNA4_HIP_CHECK(hipMalloc(&da, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&db, n * 4));
  RDNA4_HIP_CHECK(hipMalloc(&dout, (size_t)kNarrow * n * 4));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), n * 4, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), n * 4, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(narrow_ops, dim3((n + 255) / 256), dim3(256), 0, 0, n, da, db, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<uint32_t> o((size_t)kNarrow * n);
  RDNA4_HIP_CHECK(hipMemcpy(o.data(), dout, o.size() * 4, hipMemcpyDeviceToHost));
  (void)hipFree(da); (void)hipFree(db); (void)hipFree(dout);
  static const char* what[kNarrow] = {"u32 mulhi", "i32 mulhi", "u16 *", "u16 +", "i16 -", "u8 * +", "i8 >>", "u16 /"};
  bool ok = true;
  for (int i = 0; i < n; ++i) {
    const uint32_t x = a[i], y = b[i];
    const int64_t sx = (int32_t)x, sy = (int32_t)y;
    // Two's complement wrap by masking; i16 / i8 results sign-extended from their top bit.
    const uint32_t d16 = ((x & 0xffff) - (y & 0xffff)) & 0xffff, s8 = (uint32_t)((int32_t)(x << 24) >> 24);
    const uint32_t want[kNarrow] = {
        (uint32_t)(((uint64_t)x * y) >> 32), (uint32_t)((uint64_t)(sx * sy) >> 32), ((x & 0xffff) * (y & 0xffff)) & 0xffff,
        ((x & 0xffff) + (y & 0xffff)) & 0xffff, d16 & 0x8000 ? d16 | 0xffff0000u : d16,
        (((x & 0xff) * (y & 0xff)) + ((x >> 8) & 0xff)) & 0xff,
        (uint32_t)((int32_t)s8 >> (y & 7)), (x & 0xffff) / ((y & 0xffff) | 1)};
    for (int j = 0; j < kNarrow; ++j)
      if (o[(size_t)kNarrow * i + j] != want[j]) {
        RDNA4_EXPECT(false, "%s: x=0x%08x y=0x%08x gives 0x%08x, want 0x%08x", what[j], x, y,
                     o[(size_t)kNarrow * i + j], want[j]);
        ok = false;
      }
  }
  return ok;
}

int main() {
  rdna4_test_begin();
  int n = 0;
  if (run_64(&n)) std::printf("64-bit integer %d inputs ok\n", n);
  if (run_narrow(&n)) std::printf("narrow integer %d inputs ok\n", n);
  return rdna4_test_end();
}
