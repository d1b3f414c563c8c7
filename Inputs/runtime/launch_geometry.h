// Launch-geometry probe shared by runtime/hip-api/launch-*.hip: every
// work-item writes its built-in index variables to its own slot; the host
// checks each slot against the launch it made.
#pragma once

#include "rdna4_test.h"

struct GeometrySlot {
  unsigned tid[3], bid[3], bdim[3], gdim[3];
  unsigned written;
};

__global__ void record_geometry(GeometrySlot* out) {
  unsigned bx = blockIdx.x, by = blockIdx.y, bz = blockIdx.z;
  unsigned tx = threadIdx.x, ty = threadIdx.y, tz = threadIdx.z;
  unsigned block_linear = (bz * gridDim.y + by) * gridDim.x + bx;
  unsigned thread_linear = (tz * blockDim.y + ty) * blockDim.x + tx;
  GeometrySlot& s = out[block_linear * (blockDim.x * blockDim.y * blockDim.z) + thread_linear];
  s.tid[0] = tx; s.tid[1] = ty; s.tid[2] = tz;
  s.bid[0] = bx; s.bid[1] = by; s.bid[2] = bz;
  s.bdim[0] = blockDim.x; s.bdim[1] = blockDim.y; s.bdim[2] = blockDim.z;
  s.gdim[0] = gridDim.x; s.gdim[1] = gridDim.y; s.gdim[2] = gridDim.z;
  s.written += 1;
}

// Launch record_geometry over grid x block and check every slot.
static inline void check_geometry(dim3 grid, dim3 block) {
  size_t threads = size_t(block.x) * block.y * block.z;
  size_t n = size_t(grid.x) * grid.y * grid.z * threads;
  GeometrySlot* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, n * sizeof(GeometrySlot)));
  RDNA4_HIP_CHECK(hipMemset(d, 0, n * sizeof(GeometrySlot)));
  record_geometry<<<grid, block>>>(d);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  GeometrySlot* h = static_cast<GeometrySlot*>(std::calloc(n, sizeof(GeometrySlot)));
  RDNA4_HIP_CHECK(hipMemcpy(h, d, n * sizeof(GeometrySlot), hipMemcpyDeviceToHost));
  size_t i = 0;
  for (unsigned bz = 0; bz < grid.z; ++bz)
    for (unsigned by = 0; by < grid.y; ++by)
      for (unsigned bx = 0; bx < grid.x; ++bx)
        for (unsigned tz = 0; tz < block.z; ++tz)
          for (unsigned ty = 0; ty < block.y; ++ty)
            for (unsigned tx = 0; tx < block.x; ++tx, ++i) {
              const GeometrySlot& s = h[i];
              RDNA4_EXPECT(s.written == 1 && s.tid[0] == tx && s.tid[1] == ty && s.tid[2] == tz &&
                               s.bid[0] == bx && s.bid[1] == by && s.bid[2] == bz &&
                               s.bdim[0] == block.x && s.bdim[1] == block.y && s.bdim[2] == block.z &&
                               s.gdim[0] == grid.x && s.gdim[1] == grid.y && s.gdim[2] == grid.z,
                           "grid (%u,%u,%u) block (%u,%u,%u): slot of block (%u,%u,%u) thread "
                           "(%u,%u,%u) holds written=%u tid (%u,%u,%u) bid (%u,%u,%u) bdim "
                           "(%u,%u,%u) gdim (%u,%u,%u)",
                           grid.x, grid.y, grid.z, block.x, block.y, block.z, bx, by, bz, tx, ty,
                           tz, s.written, s.tid[0], s.tid[1], s.tid[2], s.bid[0], s.bid[1],
                           s.bid[2], s.bdim[0], s.bdim[1], s.bdim[2], s.gdim[0], s.gdim[1],
                           s.gdim[2]);
            }
  std::printf("geometry grid (%u,%u,%u) block (%u,%u,%u): %zu work-items checked\n", grid.x,
              grid.y, grid.z, block.x, block.y, block.z, n);
  std::free(h);
  RDNA4_HIP_CHECK(hipFree(d));
}
