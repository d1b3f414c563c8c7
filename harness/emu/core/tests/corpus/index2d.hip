#include "hip_mini.h"
// 2-D and 3-D indexing: out[z][y][x] = x + 100*y + 10000*z + scale
extern "C" __global__ void index2d(int* out, int w, int h) {
  int x = blockIdx_x * blockDim_x + threadIdx_x;
  int y = blockIdx_y * blockDim_y + threadIdx_y;
  if (x < w && y < h) out[y * w + x] = x * 1000 + y;
}
extern "C" __global__ void index3d(int* out, int w, int h, int d, int scale) {
  int x = blockIdx_x * blockDim_x + threadIdx_x;
  int y = blockIdx_y * blockDim_y + threadIdx_y;
  int z = blockIdx_z * blockDim_z + threadIdx_z;
  if (x < w && y < h && z < d) out[(z * h + y) * w + x] = x + 100 * y + 10000 * z + scale;
}
