#include "hip_mini.h"
// Device globals, __constant__ tables and a non-inlined call: pc-relative
// addressing (s_getpc_b64) and s_swappc_b64 / s_setpc_b64.
__attribute__((constant)) int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
__attribute__((device)) int counter;
__attribute__((noinline)) __device__ int helper(int x) { return table[x & 7] * x; }
extern "C" __global__ void set_counter(int v) {
  if (threadIdx_x == 0) counter = v;
}
extern "C" __global__ void use_table(int* out) {
  uint t = threadIdx_x;
  out[t] = helper(t) + counter;
}
