// Bit-field device functions (HIP documentation, "Integer intrinsics"; ROCm's
// amd_device_functions.h): __bitextract_u32/u64(src, offset, width) = the `width` bits of
// src from bit `offset`, zero-extended; __bitinsert_u32/u64(src0, src1, offset, width) =
// src0 with those bits replaced by the low `width` bits of src1; offset and width taken
// modulo 32/64, width 0 extracts 0 and inserts nothing; __brev/__brevll reverse the bits.
// Every (offset, width) with offset + width <= the type's width, on pseudo-random data,
// against a CPU reference written from those definitions bit by bit.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: u32 cases=560 wrong=0
// CHECK: u64 cases=2144 wrong=0
// CHECK: PASS
#include "rdna4_test.h"

#include <cstdint>
#include <vector>

struct Case {
  uint64_t a, b;
  unsigned offset, width;
};

__global__ void run32(const Case* c, unsigned* ext, unsigned* ins, unsigned* rev, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ext[i] = __bitextract_u32((unsigned)c[i].a, c[i].offset, c[i].width);
  ins[i] = __bitinsert_u32((unsigned)c[i].a, (unsigned)c[i].b, c[i].offset, c[i].width);
  rev[i] = __brev((unsigned)c[i].a);
}

__global__ void run64(const Case* c, unsigned long long* ext, unsigned long long* ins,
                      unsigned long long* rev, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  ext[i] = __bitextract_u64(c[i].a, c[i].offset, c[i].width);
  ins[i] = __bitinsert_u64(c[i].a, c[i].b, c[i].offset, c[i].width);
  rev[i] = __brevll(c[i].a);
}

static uint64_t bit(uint64_t x, unsigned i) { return (x >> i) & 1u; }

// Reference, bit by bit.
static uint64_t ref_extract(uint64_t a, unsigned offset, unsigned width) {
  uint64_t r = 0;
  for (unsigned i = 0; i < width; ++i) r |= bit(a, offset + i) << i;
  return r;
}
static uint64_t ref_insert(uint64_t a, uint64_t b, unsigned offset, unsigned width, unsigned bits) {
  uint64_t r = 0;
  for (unsigned i = 0; i < bits; ++i) {
    bool in_field = i >= offset && i < offset + width;
    r |= (in_field ? bit(b, i - offset) : bit(a, i)) << i;
  }
  return r;
}
static uint64_t ref_reverse(uint64_t a, unsigned bits) {
  uint64_t r = 0;
  for (unsigned i = 0; i < bits; ++i) r |= bit(a, i) << (bits - 1 - i);
  return r;
}

static uint64_t next(uint64_t& s) {
  s ^= s << 13;
  s ^= s >> 7;
  s ^= s << 17;
  return s;
}

template <class T, class K>
static void check(unsigned bits, K kernel, const char* label) {
  std::vector<Case> cases;
  uint64_t seed = 0x9e3779b97f4a7c15ull;
  // Widths up to bits - 1 (the width is taken modulo `bits`), offset + width <= bits.
  for (unsigned w = 0; w < bits; ++w)
    for (unsigned o = 0; o + w <= bits; ++o) {
      uint64_t a = next(seed), b = next(seed);
      if (bits == 32) a &= 0xffffffffu, b &= 0xffffffffu;
      cases.push_back({a, b, o, w});
    }
  int n = (int)cases.size();
  Case* dc;
  T *de, *di, *dr;
  RDNA4_HIP_CHECK(hipMalloc(&dc, n * sizeof(Case)));
  RDNA4_HIP_CHECK(hipMalloc(&de, n * sizeof(T)));
  RDNA4_HIP_CHECK(hipMalloc(&di, n * sizeof(T)));
  RDNA4_HIP_CHECK(hipMalloc(&dr, n * sizeof(T)));
  RDNA4_HIP_CHECK(hipMemcpy(dc, cases.data(), n * sizeof(Case), hipMemcpyHostToDevice));
  kernel<<<(n + 127) / 128, 128>>>(dc, de, di, dr, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  std::vector<T> e(n), in(n), r(n);
  RDNA4_HIP_CHECK(hipMemcpy(e.data(), de, n * sizeof(T), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(in.data(), di, n * sizeof(T), hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(r.data(), dr, n * sizeof(T), hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) {
    const Case& c = cases[i];
    bool ok = e[i] == ref_extract(c.a, c.offset, c.width) &&
              in[i] == ref_insert(c.a, c.b, c.offset, c.width, bits) && r[i] == ref_reverse(c.a, bits);
    if (!ok && wrong++ < 5)
      std::printf("mismatch %s a=%llx b=%llx offset=%u width=%u\n", label, (unsigned long long)c.a,
                  (unsigned long long)c.b, c.offset, c.width);
  }
  std::printf("%s cases=%d wrong=%d\n", label, n, wrong);
  RDNA4_EXPECT(wrong == 0, "%s: %d wrong", label, wrong);
  RDNA4_HIP_CHECK(hipFree(dc));
  RDNA4_HIP_CHECK(hipFree(de));
  RDNA4_HIP_CHECK(hipFree(di));
  RDNA4_HIP_CHECK(hipFree(dr));
}

int main() {
  rdna4_test_begin();
  check<unsigned>(32, run32, "u32");
  check<unsigned long long>(64, run64, "u64");
  return rdna4_test_end();
}
