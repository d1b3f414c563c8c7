// Second translation unit of multiple-translation-units.hip: its own kernel
// (and so its own fat binary registration) plus a host function launching it.
#include <hip/hip_runtime.h>

__global__ void add_from_second_tu(int* p, int v) { p[threadIdx.x] += v; }

void launch_from_second_tu(int* p, int v, int n) { add_from_second_tu<<<1, n>>>(p, v); }
