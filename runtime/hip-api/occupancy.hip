// Occupancy API (hipOccupancyMaxActiveBlocksPerMultiprocessor, ...MaxPotentialBlockSize)
// computed as ROCm computes it (ROCm/clr hipamd/src/hip_platform.cpp) from the kernel's code
// object and the gfx12 figures of docs/facts/hardware-figures.md ("Occupancy figures"):
// a multiprocessor is a WGP = 4 SIMDs (kernels are compiled in WGP mode by default), each
// holding at most 16 waves, and 1536 VGPRs per SIMD (wave32) allocated in granules of 24;
// 64 KiB of LDS. Hand-derived expectations:
//   small kernel (<= 96 VGPRs, no LDS): 4 SIMDs x 16 waves x 32 = 2048 work-items:
//     block 256 -> 8, 1024 -> 2, 33 (2 waves) -> 32; + 20000 B dynamic LDS, block 64 ->
//     min(32, 65536 / 20000 = 3) = 3; block 2048 -> 0 (documented: too large, success);
//   kernel clobbering v127 (128 VGPRs -> 144 allocated): 1536 / 144 = 10 waves per SIMD,
//     4 x 10 x 32 = 1280 work-items: block 256 -> 5;
//   kernel with 40000 B of static LDS, block 64 -> 1;
//   potential block size: small kernel -> block 1024, grid = 2 x multiprocessors; limit
//     100 -> block 128 (rounded to waves), grid 16 x multiprocessors; LDS kernel -> block
//     1024, grid = multiprocessors.
// The ...WithFlags forms: hipOccupancyDefault and hipOccupancyDisableCachingOverride (ROCm's
// 0x00 / 0x01) give the same answers (no cache is modelled, and the flag only concerns
// caching on ROCm too); any other flag is hipErrorInvalidValue (ROCm/clr hip_platform.cpp);
// hipOccupancyMaxPotentialBlockSizeWithFlags ignores its flags, as ROCm's header template.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: small: 8 2 32 3 0
// CHECK: vgpr128: 5
// CHECK: lds40000: 1
// CHECK: ok: hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, small, 0, 0) -> hipErrorInvalidValue
// CHECK: ok: hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, (const void*)&host_function, 64, 0) -> hipErrorInvalidDeviceFunction
// CHECK: PASS
#include "rdna4_test.h"

__global__ void small(int* p) { p[threadIdx.x] = (int)threadIdx.x; }

__global__ void vgpr128(int* p) {
  asm volatile("" ::: "v127");  // the kernel's VGPR count becomes 128
  p[threadIdx.x] = (int)threadIdx.x;
}

__global__ void lds40000(int* p) {
  __shared__ int s[10000];
  s[threadIdx.x] = (int)threadIdx.x;
  __syncthreads();
  p[threadIdx.x] = s[(threadIdx.x + 1) % blockDim.x];
}

static void host_function() {}

static int blocks(const void* f, int block, size_t lds) {
  int n = -1;
  RDNA4_HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, f, block, lds));
  return n;
}

int main() {
  rdna4_test_begin();
  const void* s = (const void*)small;
  std::printf("small: %d %d %d %d %d\n", blocks(s, 256, 0), blocks(s, 1024, 0), blocks(s, 33, 0),
              blocks(s, 64, 20000), blocks(s, 2048, 0));
  std::printf("vgpr128: %d\n", blocks((const void*)vgpr128, 256, 0));
  std::printf("lds40000: %d\n", blocks((const void*)lds40000, 64, 0));

  int mps = 0;
  RDNA4_HIP_CHECK(hipDeviceGetAttribute(&mps, hipDeviceAttributeMultiprocessorCount, 0));
  int grid = -1, block = -1;
  RDNA4_HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, small, 0, 0));
  RDNA4_EXPECT(block == 1024 && grid == 2 * mps, "small: block %d grid %d (mps %d)", block, grid, mps);
  RDNA4_HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, small, 0, 100));
  RDNA4_EXPECT(block == 128 && grid == 16 * mps, "limit 100: block %d grid %d", block, grid);
  RDNA4_HIP_CHECK(hipOccupancyMaxPotentialBlockSize(&grid, &block, lds40000, 0, 0));
  RDNA4_EXPECT(block == 1024 && grid == mps, "lds: block %d grid %d", block, grid);
  // The template forms take the kernel itself.
  int n = -1;
  RDNA4_HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, vgpr128, 256, 0));
  RDNA4_EXPECT(n == 5, "template form: %d", n);

  static_assert(hipOccupancyDefault == 0x00 && hipOccupancyDisableCachingOverride == 0x01,
                "ROCm's occupancy flags");
  for (unsigned flags : {(unsigned)hipOccupancyDefault, (unsigned)hipOccupancyDisableCachingOverride}) {
    int w = -1;
    RDNA4_HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&w, vgpr128, 256, 0, flags));
    RDNA4_EXPECT(w == 5, "WithFlags(0x%x): %d", flags, w);
    RDNA4_HIP_CHECK(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&w, s, 64, 20000, flags));
    RDNA4_EXPECT(w == 3, "WithFlags(0x%x) with LDS: %d", flags, w);
    int g2 = -1, b2 = -1;
    RDNA4_HIP_CHECK(hipOccupancyMaxPotentialBlockSizeWithFlags(&g2, &b2, small, 0, 100, flags));
    RDNA4_EXPECT(b2 == 128 && g2 == 16 * mps, "PotentialBlockSizeWithFlags(0x%x): block %d grid %d", flags, b2, g2);
  }
  RDNA4_EXPECT(hipOccupancyMaxActiveBlocksPerMultiprocessorWithFlags(&n, s, 64, 0, 2) == hipErrorInvalidValue,
               "flag 2 accepted");
  (void)hipGetLastError();
  RDNA4_HIP_EXPECT_ERROR(hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, small, 0, 0),
                         hipErrorInvalidValue);
  RDNA4_HIP_EXPECT_ERROR(
      hipOccupancyMaxActiveBlocksPerMultiprocessor(&n, (const void*)&host_function, 64, 0),
      hipErrorInvalidDeviceFunction);
  (void)hipGetLastError();
  return rdna4_test_end();
}
