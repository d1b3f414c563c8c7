// 1-D grid of several workgroups with a ragged tail (n not a multiple of the
// block), checked at -O0 and -O3; blockDim/gridDim from the hidden arguments.
// RUN: %hipcc -O3 %s -o %t.O3
// RUN: %run %t.O3 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// RUN: %hipcc -O0 %s -o %t.O0
// RUN: %run %t.O0 | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

__global__ void saxpy(float a, const float* x, float* y, int n, unsigned* dims) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 0) {
    dims[0] = blockDim.x;
    dims[1] = gridDim.x;
    dims[2] = blockDim.y * blockDim.z * gridDim.y * gridDim.z;
  }
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  rdna4_test_begin();
  const int n = 1000, block = 96;  // 3 waves per workgroup, 11 workgroups
  static float x[n], y[n], out[n];
  for (int i = 0; i < n; ++i) {
    x[i] = 0.5f * i;
    y[i] = 1000.0f - i;
  }
  float *dx, *dy;
  unsigned* ddims;
  RDNA4_HIP_CHECK(hipMalloc(&dx, sizeof x));
  RDNA4_HIP_CHECK(hipMalloc(&dy, sizeof y + 64 * sizeof(float)));  // room past n: must stay untouched
  RDNA4_HIP_CHECK(hipMalloc(&ddims, 3 * sizeof(unsigned)));
  RDNA4_HIP_CHECK(hipMemset(dy, 0, sizeof y + 64 * sizeof(float)));
  RDNA4_HIP_CHECK(hipMemcpy(dx, x, sizeof x, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(dy, y, sizeof y, hipMemcpyHostToDevice));
  saxpy<<<(n + block - 1) / block, block>>>(3.0f, dx, dy, n, ddims);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  RDNA4_HIP_CHECK(hipMemcpy(out, dy, sizeof out, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) RDNA4_EXPECT(out[i] == 3.0f * x[i] + y[i], "y[%d]=%g", i, out[i]);
  float tail[64];
  RDNA4_HIP_CHECK(hipMemcpy(tail, dy + n, sizeof tail, hipMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i) RDNA4_EXPECT(tail[i] == 0.0f, "written past n at %d", n + i);
  unsigned dims[3];
  RDNA4_HIP_CHECK(hipMemcpy(dims, ddims, sizeof dims, hipMemcpyDeviceToHost));
  RDNA4_EXPECT(dims[0] == block, "blockDim.x=%u", dims[0]);
  RDNA4_EXPECT(dims[1] == (n + block - 1) / block, "gridDim.x=%u", dims[1]);
  RDNA4_EXPECT(dims[2] == 1, "y/z dims product=%u", dims[2]);
  RDNA4_HIP_CHECK(hipFree(dx));
  RDNA4_HIP_CHECK(hipFree(dy));
  RDNA4_HIP_CHECK(hipFree(ddims));
  return rdna4_test_end();
}
