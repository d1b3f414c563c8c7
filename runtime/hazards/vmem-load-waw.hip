// A conditional VMEM load in a loop whose result is read after the loop: every iteration's
// load writes the loop-carried VGPR of the previous one, and gfx12 may write VMEM load
// results to VGPRs out of order (llvm PR #105549), so the compiler must wait for the earlier
// load (s_wait_loadcnt) before the next one (codegen/hazards/vmem-load-waw.hip). On the
// emulator strict mode stops a kernel whose second load overwrites an unfinished one
// (harness/emu/core/HAZARDS.md, rule loadcnt); on hardware a missing wait can leave the older
// value. Numbers checked against the plain loop on the CPU.
// RUN: %hipcc -O3 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: cond_load_loop ok
// CHECK: two_source_loop ok
// CHECK: PASS
#include "rdna4_test.h"

#include <vector>

// The last in[i * 32 + l] with (l + i) % 4 == 0, i < n; -1 if none.
__global__ void cond_load_loop(int* out, const int* in, int n) {
  int l = threadIdx.x;
  int v = -1;
  for (int i = 0; i < n; ++i)
    if (((l + i) & 3) == 0) v = in[i * 32 + l];
  out[l] = v;
}

// The last a[i * 32 + l] ((l + i) % 3 == 0) or b[i * 32 + l] ((l + i) % 3 == 1); 0 if none.
__global__ void two_source_loop(int* out, const int* a, const int* b, int n) {
  int l = threadIdx.x;
  int v = 0;
  for (int i = 0; i < n; ++i) {
    if (((l + i) % 3) == 0) v = a[i * 32 + l];
    else if (((l + i) % 3) == 1) v = b[i * 32 + l];
  }
  out[l] = v;
}

int main() {
  rdna4_test_begin();
  const int n = 9, lanes = 32;
  std::vector<int> a(n * lanes), b(n * lanes);
  for (int i = 0; i < n * lanes; ++i) {
    a[i] = 1000 + 7 * i;
    b[i] = -5000 - 3 * i;
  }
  int *da, *db, *dout;
  RDNA4_HIP_CHECK(hipMalloc(&da, a.size() * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&db, b.size() * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&dout, lanes * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(da, a.data(), a.size() * sizeof(int), hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(db, b.data(), b.size() * sizeof(int), hipMemcpyHostToDevice));
  std::vector<int> got(lanes);
  for (int n_run : {0, 1, 2, n}) {
    hipLaunchKernelGGL(cond_load_loop, dim3(1), dim3(lanes), 0, 0, dout, da, n_run);
    RDNA4_HIP_CHECK(hipGetLastError());
    RDNA4_HIP_CHECK(hipMemcpy(got.data(), dout, lanes * sizeof(int), hipMemcpyDeviceToHost));
    for (int l = 0; l < lanes; ++l) {
      int want = -1;
      for (int i = 0; i < n_run; ++i)
        if ((l + i) % 4 == 0) want = a[i * 32 + l];
      RDNA4_EXPECT(got[l] == want, "cond_load_loop n=%d lane %d: got %d, want %d", n_run, l, got[l], want);
    }
  }
  std::printf("cond_load_loop ok\n");
  for (int n_run : {0, 1, 2, n}) {
    hipLaunchKernelGGL(two_source_loop, dim3(1), dim3(lanes), 0, 0, dout, da, db, n_run);
    RDNA4_HIP_CHECK(hipGetLastError());
    RDNA4_HIP_CHECK(hipMemcpy(got.data(), dout, lanes * sizeof(int), hipMemcpyDeviceToHost));
    for (int l = 0; l < lanes; ++l) {
      int want = 0;
      for (int i = 0; i < n_run; ++i) {
        if ((l + i) % 3 == 0) want = a[i * 32 + l];
        else if ((l + i) % 3 == 1) want = b[i * 32 + l];
      }
      RDNA4_EXPECT(got[l] == want, "two_source_loop n=%d lane %d: got %d, want %d", n_run, l, got[l], want);
    }
  }
  std::printf("two_source_loop ok\n");
  (void)hipFree(da);
  (void)hipFree(db);
  (void)hipFree(dout);
  return rdna4_test_end();
}
