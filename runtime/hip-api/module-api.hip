// hipModuleLoad (plain code object file), hipModuleLoadData (offload bundle
// in memory), hipModuleGetFunction, hipModuleLaunchKernel with kernelParams
// and with the `extra` argument buffer, hipModuleUnload.
// hipModuleLaunchCooperativeKernel (a cooperative launch of a module kernel; a grid larger
// than the device holds -> hipErrorCooperativeLaunchTooLarge) and the hipModuleOccupancy*
// queries, computed as ROCm computes them (ROCm/clr hipamd/src/hip_platform.cpp) from the
// gfx12 figures of docs/facts/hardware-figures.md ("Occupancy figures"): a multiprocessor
// (WGP, the default mode) is 4 SIMDs x 16 waves x 32 = 2048 work-items for axpb, which uses
// far fewer than 1536 / 16 = 96 VGPRs and no LDS. Hand-derived: blocks per multiprocessor
// for block 256 -> 8, 1024 -> 2, 33 (2 waves) -> 32, 64 with 20000 B of dynamic LDS ->
// min(32, 65536 / 20000 = 3) = 3, 2048 -> 0 (too large: success, as ROCm); potential block
// size with no limit -> 1024 and grid 2 x multiprocessors, limit 100 -> 128 (whole waves)
// and grid 16 x multiprocessors. A null function, block size 0 or flags other than
// hipOccupancyDefault/hipOccupancyDisableCachingOverride -> hipErrorInvalidValue (ROCm).
// RUN: %hipcc --cuda-device-only --no-gpu-bundle-output -O2 %S/Inputs/module_kernel.hip -o %t.co
// RUN: %hipcc --cuda-device-only -O2 %S/Inputs/module_kernel.hip -o %t.bundle
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t %t.co %t.bundle | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ok: hipModuleGetFunction(&f, m, "no_such_kernel") -> hipErrorNotFound
// CHECK: launched via kernelParams
// CHECK: module occupancy: 8 2 32 3 0 | 8 | 1024 2 128 16 | 1024 2
// CHECK: ok: hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, nullptr, 64, 0) -> hipErrorInvalidValue
// CHECK: ok: hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, 0, 0) -> hipErrorInvalidValue
// CHECK: ok: hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, f, 64, 0, 2) -> hipErrorInvalidValue
// CHECK: ok: hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, 0, 0, 2) -> hipErrorInvalidValue
// CHECK: launched cooperatively
// CHECK: ok: hipModuleLaunchCooperativeKernel(f, 2 * mps + 1, 1, 1, 1024, 1, 1, 0, nullptr, params) -> hipErrorCooperativeLaunchTooLarge
// CHECK: launched via extra
// CHECK: PASS
#include "rdna4_test.h"

#include <fstream>
#include <iterator>
#include <vector>

static void run(hipFunction_t f, bool use_extra, int a, int b) {
  const int n = 100;
  int hx[n], hy[n];
  for (int i = 0; i < n; ++i) hx[i] = i * i - 50;
  int *x, *y;
  RDNA4_HIP_CHECK(hipMalloc(&x, sizeof hx));
  RDNA4_HIP_CHECK(hipMalloc(&y, sizeof hy));
  RDNA4_HIP_CHECK(hipMemcpy(x, hx, sizeof hx, hipMemcpyHostToDevice));
  int nn = n;
  if (!use_extra) {
    void* params[] = {&a, &x, &b, &y, &nn};
    RDNA4_HIP_CHECK(hipModuleLaunchKernel(f, 2, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr));
  } else {
    struct {
      int a;
      const int* x;
      int b;
      int* y;
      int n;
    } args{a, x, b, y, n};
    size_t size = sizeof args;
    void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &args, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                     HIP_LAUNCH_PARAM_END};
    RDNA4_HIP_CHECK(hipModuleLaunchKernel(f, 4, 1, 1, 32, 1, 1, 0, nullptr, nullptr, extra));
  }
  RDNA4_HIP_CHECK(hipMemcpy(hy, y, sizeof hy, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) RDNA4_EXPECT(hy[i] == a * hx[i] + b, "y[%d]=%d", i, hy[i]);
  std::printf("launched via %s\n", use_extra ? "extra" : "kernelParams");
  RDNA4_HIP_CHECK(hipFree(x));
  RDNA4_HIP_CHECK(hipFree(y));
}

static int blocks(hipFunction_t f, int block, size_t lds) {
  int n = -1;
  RDNA4_HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, block, lds));
  return n;
}

static void occupancy_and_cooperative(hipFunction_t f) {
  int mps = 0;
  RDNA4_HIP_CHECK(hipDeviceGetAttribute(&mps, hipDeviceAttributeMultiprocessorCount, 0));
  int flagged = -1;
  RDNA4_HIP_CHECK(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(
      &flagged, f, 256, 0, hipOccupancyDisableCachingOverride));
  int g0 = -1, b0 = -1, g1 = -1, b1 = -1, g2 = -1, b2 = -1;
  RDNA4_HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSize(&g0, &b0, f, 0, 0));
  RDNA4_HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSize(&g1, &b1, f, 0, 100));
  RDNA4_HIP_CHECK(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&g2, &b2, f, 0, 0, hipOccupancyDefault));
  RDNA4_EXPECT(mps > 0 && g0 % mps == 0 && g1 % mps == 0 && g2 % mps == 0,
               "grids %d %d %d not multiples of %d multiprocessors", g0, g1, g2, mps);
  std::printf("module occupancy: %d %d %d %d %d | %d | %d %d %d %d | %d %d\n", blocks(f, 256, 0),
              blocks(f, 1024, 0), blocks(f, 33, 0), blocks(f, 64, 20000), blocks(f, 2048, 0), flagged,
              b0, g0 / mps, b1, g1 / mps, b2, g2 / mps);
  int n = -1, grid = -1, block = -1;
  RDNA4_HIP_EXPECT_ERROR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, nullptr, 64, 0),
                         hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, 0, 0),
                         hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(hipModuleOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, f, 64, 0, 2),
                         hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(hipModuleOccupancyMaxPotentialBlockSizeWithFlags(&grid, &block, f, 0, 0, 2),
                         hipErrorInvalidValue);
  (void)hipGetLastError();

  // axpb(a, x, b, y, n) on 2 x mps blocks of 1024: the largest grid the device holds at once.
  const int count = 2 * mps * 1024;
  std::vector<int> hx(count), hy(count);
  for (int i = 0; i < count; ++i) hx[i] = i % 1000 - 500;
  int *x, *y;
  RDNA4_HIP_CHECK(hipMalloc(&x, count * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&y, count * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(x, hx.data(), count * sizeof(int), hipMemcpyHostToDevice));
  int a = 5, b = -3, nn = count;
  void* params[] = {&a, &x, &b, &y, &nn};
  RDNA4_HIP_CHECK(hipModuleLaunchCooperativeKernel(f, 2 * mps, 1, 1, 1024, 1, 1, 0, nullptr, params));
  RDNA4_HIP_CHECK(hipMemcpy(hy.data(), y, count * sizeof(int), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < count; ++i) bad += hy[i] != 5 * hx[i] - 3;
  RDNA4_EXPECT(bad == 0, "%d wrong results of the cooperative module launch", bad);
  if (!bad) std::printf("launched cooperatively\n");
  RDNA4_HIP_EXPECT_ERROR(hipModuleLaunchCooperativeKernel(f, 2 * mps + 1, 1, 1, 1024, 1, 1, 0, nullptr, params),
                         hipErrorCooperativeLaunchTooLarge);
  (void)hipGetLastError();
  RDNA4_HIP_CHECK(hipFree(x));
  RDNA4_HIP_CHECK(hipFree(y));
}

int main(int argc, char** argv) {
  rdna4_test_begin();
  if (argc != 3) {
    std::printf("FAIL usage: %s code-object bundle\n", argv[0]);
    return 2;
  }
  hipModule_t m;
  hipFunction_t f;
  RDNA4_HIP_CHECK(hipModuleLoad(&m, argv[1]));
  RDNA4_HIP_EXPECT_ERROR(hipModuleGetFunction(&f, m, "no_such_kernel"), hipErrorNotFound);
  (void)hipGetLastError();
  RDNA4_HIP_CHECK(hipModuleGetFunction(&f, m, "axpb"));
  run(f, false, 3, -7);
  occupancy_and_cooperative(f);
  RDNA4_HIP_CHECK(hipModuleUnload(m));

  std::ifstream in(argv[2], std::ios::binary);
  std::vector<char> image((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  RDNA4_EXPECT(image.size() > 24, "empty bundle file");
  RDNA4_HIP_CHECK(hipModuleLoadData(&m, image.data()));
  RDNA4_HIP_CHECK(hipModuleGetFunction(&f, m, "axpb"));
  run(f, true, -2, 11);
  RDNA4_HIP_CHECK(hipModuleUnload(m));
  return rdna4_test_end();
}
