// Device code of a static library built with -fgpu-rdc (gpu-rdc-static-library.test).
#include <hip/hip_runtime.h>

__device__ int rdc_triple(int x) { return 3 * x; }
__device__ int rdc_calls = 0;  // a __device__ variable of the library, defined here
