#include "hip_mini.h"
// Divergent loops and branches.
extern "C" __global__ void collatz(const unsigned* in, unsigned* out) {
  uint t = threadIdx_x + blockIdx_x * blockDim_x;
  unsigned x = in[t], steps = 0;
  while (x != 1 && steps < 1000) {
    if (x & 1) x = 3 * x + 1; else x >>= 1;
    ++steps;
  }
  out[t] = steps;
}
struct Big { float m[4]; int n; double d; };
extern "C" __global__ void struct_arg(Big b, float* out) {
  uint t = threadIdx_x;
  float acc = 0;
  for (int i = 0; i < b.n; ++i) acc += b.m[i & 3] * (float)i;
  if (t & 1) acc = -acc;
  out[t] = acc + (float)b.d;
}
