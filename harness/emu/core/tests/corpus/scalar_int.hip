#include "hip_mini.h"
struct Params { int a; unsigned b; long long c; short d; char e; };
extern "C" __global__ void int_ops(const int* in, int* out, Params p) {
  uint t = threadIdx_x + blockIdx_x * blockDim_x;
  int x = in[t];
  unsigned u = (unsigned)x;
  int r = 0;
  r += x / (p.a | 1);
  r += (int)(u % (p.b | 1));
  r ^= x << (t & 31);
  r += (int)(u >> (t & 7)) + (x >> 3);
  r += x < 0 ? -x : x;
  r += __builtin_popcount(u) + __builtin_clz(u | 1) + __builtin_ctz(u | 0x80000000);
  r += (int)(((long long)x * p.c) >> 17);
  r += (int)((unsigned long long)u * (unsigned long long)p.b >> 32);
  r += x > p.d ? x : p.d;
  r += (unsigned)x < (unsigned)p.e ? 1 : 2;
  long long big = (long long)x * x + p.c;
  r += (int)(big / 7) + (int)(big % 11);
  out[t] = r;
}
extern "C" __global__ void scalar_ops(int* out, int n, unsigned m, long long q) {
  int s = 0;
  for (int i = 0; i < n; ++i) s += (i * m) ^ (int)(q >> i);
  if (threadIdx_x == 0) out[blockIdx_x] = s + n / 3 + (int)(q % 5);
}
