// Cross-lane functions of HIP: __shfl / __shfl_up / __shfl_down / __shfl_xor
// (full wave and width-limited groups), __ballot, __popcll.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: PASS
#include "rdna4_test.h"

constexpr int kOps = 7;

__global__ void shuffles(int* out) {
  int t = threadIdx.x;
  int v = 1000 + t;
  int* o = out + t * kOps;
  o[0] = __shfl(v, 5);              // lane 5 of the wave
  o[1] = __shfl(v, 3, 8);           // lane 3 of each group of 8
  o[2] = __shfl_up(v, 2);
  o[3] = __shfl_down(v, 4, 16);
  o[4] = __shfl_xor(v, 1);
  o[5] = (int)(__ballot(t % 3 == 0) & 0xffffffffull);
  o[6] = __popcll(__ballot(t < 10));
}

int main() {
  rdna4_test_begin();
  const int ws = 32;  // the default wave size of RDNA4 code
  const int n = 2 * ws;
  int* d;
  RDNA4_HIP_CHECK(hipMalloc(&d, n * kOps * sizeof(int)));
  shuffles<<<1, n>>>(d);
  RDNA4_HIP_CHECK(hipGetLastError());
  static int h[n * kOps];
  RDNA4_HIP_CHECK(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int t = 0; t < n; ++t) {
    int lane = t % ws, wave_base = t - lane;
    const int* o = h + t * kOps;
    int expect[kOps] = {
        1000 + wave_base + 5,
        1000 + wave_base + (lane & ~7) + 3,
        1000 + (lane >= 2 ? t - 2 : t),
        1000 + ((lane % 16) + 4 < 16 ? t + 4 : t),
        1000 + (t ^ 1),
        // bit l: lane l of this wave (thread wave_base + l) has t % 3 == 0
        (int)([&] {
          unsigned b = 0;
          for (int l = 0; l < ws; ++l)
            if ((wave_base + l) % 3 == 0) b |= 1u << l;
          return b;
        }()),
        wave_base == 0 ? 10 : 0,
    };
    for (int k = 0; k < kOps; ++k)
      RDNA4_EXPECT(o[k] == expect[k], "thread %d op %d: %d, expected %d", t, k, o[k], expect[k]);
  }
  RDNA4_HIP_CHECK(hipFree(d));
  return rdna4_test_end();
}
