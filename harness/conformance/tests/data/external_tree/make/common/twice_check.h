#pragma once
// Reached by the Makefile's relative path (../common), as rocm-examples' programs reach
// ../../Common: the recipe's "copy" puts it next to the copied program directory.
#include <cstdio>

// Number of i in [0, n) with out[i] != 2 * i + 1 (small integers: exact in float).
inline int twice_plus_one_errors(const float* out, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i) bad += out[i] != 2.0f * float(i) + 1.0f;
  return bad;
}
