#include "hip_mini.h"
// A private array indexed dynamically: lives in scratch at every opt level.
extern "C" __global__ void private_array(const int* in, int* out) {
  int priv[64];
  uint t = threadIdx_x;
  for (int i = 0; i < 64; ++i) priv[i] = in[(t + i) % 64] * (i + 1);
  int s = 0;
  for (int i = 0; i < 64; ++i) s += priv[(i * 7 + t) % 64];
  out[t] = s;
}
