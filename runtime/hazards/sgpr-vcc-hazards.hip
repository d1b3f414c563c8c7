// gfx12 SGPR and VCC read hazards at run time: a 64-bit pointer stepped in a loop by a scaled
// uniform stride (VALU carry into an SGPR and into VCC, SALU-computed stride read by a VALU;
// the s_wait_alu depctr_va_sdst / depctr_sa_sdst / depctr_va_vcc waits of
// codegen/hazards/sgpr-vcc-waits.hip). The emulator runs it with the sgpr rule forced on
// (harness/emu/core/HAZARDS.md): a missing wait stops the kernel. Numbers checked against
// the plain loop on the CPU.
// clang 19 predates LLVM's mitigation and emits none of the waits: the emulator reports the
// first missing one. Upstream fix, first in LLVM 20: https://github.com/llvm/llvm-project/pull/100067
// (SALU writes: depctr_sa_sdst) and https://github.com/llvm/llvm-project/pull/118750 (VALU
// writes: depctr_va_sdst, depctr_va_vcc); docs/facts/hazards.md#the-sgpr-rule-and-clang-19.
// XFAIL: clang-major-19 && device-emu
// RUN: %hipcc -O3 %s -o %t
// RUN: env RDNA4_EMU_HAZARD_RULES=+sgpr %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: scalar_walk ok
// CHECK: PASS
#include "rdna4_test.h"

#include <vector>

// acc = sum_i in[l + i * stride] * (i * k + 1), i < n.
__global__ void scalar_walk(int* out, const int* in, int n, int stride, int k) {
  int l = threadIdx.x;
  const int* p = in + l;
  int acc = 0;
  for (int i = 0; i < n; ++i) {
    acc += *p * (i * k + 1);
    p += stride;
  }
  out[l] = acc;
}

int main() {
  rdna4_test_begin();
  const int lanes = 32, n = 7, stride = 40, k = 3;
  std::vector<int> in(lanes + n * stride);
  for (size_t i = 0; i < in.size(); ++i) in[i] = int(i % 97) - 40;
  int *din, *dout;
  RDNA4_HIP_CHECK(hipMalloc(&din, in.size() * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&dout, lanes * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpy(din, in.data(), in.size() * sizeof(int), hipMemcpyHostToDevice));
  std::vector<int> got(lanes);
  for (int n_run : {1, 2, n}) {
    hipLaunchKernelGGL(scalar_walk, dim3(1), dim3(lanes), 0, 0, dout, din, n_run, stride, k);
    RDNA4_HIP_CHECK(hipGetLastError());
    RDNA4_HIP_CHECK(hipMemcpy(got.data(), dout, lanes * sizeof(int), hipMemcpyDeviceToHost));
    for (int l = 0; l < lanes; ++l) {
      long long want = 0;
      for (int i = 0; i < n_run; ++i) want += (long long)in[l + i * stride] * (i * k + 1);
      RDNA4_EXPECT(got[l] == (int)want, "scalar_walk n=%d lane %d: got %d, want %lld", n_run, l, got[l], want);
    }
  }
  std::printf("scalar_walk ok\n");
  (void)hipFree(din);
  (void)hipFree(dout);
  return rdna4_test_end();
}
