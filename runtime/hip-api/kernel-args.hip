// Kernel arguments of every scalar width, pointers and structs by value, in
// an order that forces padding: the runtime must place each at the offset
// the code object's metadata gives. The kernel stores each value back.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O0 %s -o %t.O0
// RUN: %run %t.O0 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

#include <cstdint>

struct Small {  // 8 bytes, align 4
  char c;
  int i;
};
struct Mixed {  // 24 bytes, align 8
  short s;
  double d;
  unsigned char u[5];
};
struct Big {  // 80 bytes
  long long v[10];
};
enum Color : short { Red = 1, Green = 2, Blue = -3 };

__global__ void echo(bool b, char c, double d, signed char sc, unsigned short us, long long ll,
                     Small sm, unsigned char uc, float f, _Float16 h, int i, Mixed mx,
                     unsigned u, unsigned long long ull, const int* p, Color col, Big big,
                     short s, uint64_t* out) {
  out[0] = b;
  out[1] = (uint64_t)(int64_t)c;
  out[2] = __builtin_bit_cast(uint64_t, d);
  out[3] = (uint64_t)(int64_t)sc;
  out[4] = us;
  out[5] = (uint64_t)ll;
  out[6] = (uint64_t)(int64_t)sm.c;
  out[7] = (uint64_t)(int64_t)sm.i;
  out[8] = uc;
  out[9] = __builtin_bit_cast(uint32_t, f);
  out[10] = __builtin_bit_cast(uint16_t, h);
  out[11] = (uint64_t)(int64_t)i;
  out[12] = (uint64_t)(int64_t)mx.s;
  out[13] = __builtin_bit_cast(uint64_t, mx.d);
  out[14] = mx.u[0] | (uint64_t)mx.u[4] << 8;
  out[15] = u;
  out[16] = ull;
  out[17] = (uint64_t)*p;
  out[18] = (uint64_t)(int64_t)col;
  uint64_t x = 0;
  for (int k = 0; k < 10; ++k) x = x * 31 + (uint64_t)big.v[k];
  out[19] = x;
  out[20] = (uint64_t)(int64_t)s;
}

int main() {
  rdna4_test_begin();
  int* dp;
  uint64_t* dout;
  const int pointee = 0x5eed;
  RDNA4_HIP_CHECK(hipMalloc(&dp, sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(dp, &pointee, sizeof pointee, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMalloc(&dout, 21 * sizeof(uint64_t)));
  RDNA4_HIP_CHECK(hipMemset(dout, 0xcd, 21 * sizeof(uint64_t)));
  Small sm{-7, -123456};
  Mixed mx{-2, 6.25e-300, {9, 8, 7, 6, 250}};
  Big big;
  uint64_t bighash = 0;
  for (int k = 0; k < 10; ++k) {
    big.v[k] = (long long)k * 0x0101010101LL - 5;
    bighash = bighash * 31 + (uint64_t)big.v[k];
  }
  _Float16 h = (_Float16)-1.5f;
  echo<<<1, 1>>>(true, (char)-100, -3.5e200, (signed char)-1, (unsigned short)65000,
                 -0x123456789abcLL, sm, (unsigned char)200, 1.0e-40f /* denormal */, h, -2147483647,
                 mx, 0xfedcba98u, 0xfedcba9876543210ull, dp, Blue, big, (short)-32768, dout);
  RDNA4_HIP_CHECK(hipGetLastError());
  uint64_t out[21];
  RDNA4_HIP_CHECK(hipMemcpy(out, dout, sizeof out, hipMemcpyDeviceToHost));
  double d = -3.5e200, mxd = 6.25e-300;
  float f = 1.0e-40f;
  const uint64_t expect[21] = {
      1, (uint64_t)-100, __builtin_bit_cast(uint64_t, d), (uint64_t)-1, 65000,
      (uint64_t)-0x123456789abcLL, (uint64_t)-7, (uint64_t)-123456, 200,
      __builtin_bit_cast(uint32_t, f), __builtin_bit_cast(uint16_t, h), (uint64_t)-2147483647,
      (uint64_t)-2, __builtin_bit_cast(uint64_t, mxd), 9 | 250u << 8, 0xfedcba98u,
      0xfedcba9876543210ull, 0x5eed, (uint64_t)-3, bighash, (uint64_t)-32768};
  const char* names[21] = {"bool", "char", "double", "signed char", "unsigned short", "long long",
                           "Small.c", "Small.i", "unsigned char", "float", "_Float16", "int",
                           "Mixed.s", "Mixed.d", "Mixed.u", "unsigned", "unsigned long long",
                           "*pointer", "enum", "Big", "short"};
  for (int k = 0; k < 21; ++k)
    RDNA4_EXPECT(out[k] == expect[k], "argument %s: got 0x%llx, expected 0x%llx", names[k],
                 (unsigned long long)out[k], (unsigned long long)expect[k]);
  RDNA4_HIP_CHECK(hipFree(dp));
  RDNA4_HIP_CHECK(hipFree(dout));
  return rdna4_test_end();
}
