// A .cpp file (compiled as HIP by hipcc, as ROCm's hipcc does) using the group's shared source.
#include <cstdio>

#include "common.h"

int main() {
  float v[100];
  for (int i = 0; i < 100; ++i) v[i] = float(i);
  scale_on_device(v, 100, 0.5f);
  for (int i = 0; i < 100; ++i)
    if (v[i] != 0.5f * float(i)) {
      std::printf("scale: v[%d] = %g\n", i, v[i]);
      return 1;
    }
  std::printf("scale ok\n");
  return 0;
}
