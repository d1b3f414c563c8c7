// hipMalloc / hipMemcpy (every kind) / hipMemcpyAsync / hipMemset / hipFree,
// with a kernel in between that reads one buffer and writes another; hipMemsetAsync on a
// stream (the byte value's low 8 bits, in stream order before a kernel reading them);
// hipMemGetInfo: total is hipDeviceProp_t::totalGlobalMem, free at most total, and a 64 MiB
// hipMalloc takes 64 MiB from free until hipFree returns it (ROCm's header: "a snapshot of
// free memory"; exactly on the emulator, at least that much on a GPU); either pointer may be
// null (ROCm/clr hip_memory.cpp).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: memset async ok
// CHECK: mem info ok
// CHECK: PASS
#include "rdna4_test.h"

__global__ void twice(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = 2 * in[i];
}

int main() {
  rdna4_test_begin();
  const int n = 1000;
  int h[n], back[n];
  for (int i = 0; i < n; ++i) h[i] = i - 500;
  int *a, *b, *c;
  RDNA4_HIP_CHECK(hipMalloc(&a, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&b, n * sizeof(int)));
  RDNA4_HIP_CHECK(hipMalloc(&c, n * sizeof(int)));
  RDNA4_EXPECT(a != b && b != c, "allocations overlap");
  RDNA4_HIP_CHECK(hipMemcpy(a, h, sizeof h, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemset(b, 0x7f, sizeof h));
  twice<<<(n + 127) / 128, 128>>>(a, b, n);
  RDNA4_HIP_CHECK(hipGetLastError());
  RDNA4_HIP_CHECK(hipMemcpy(c, b, sizeof h, hipMemcpyDeviceToDevice));
  RDNA4_HIP_CHECK(hipMemcpy(back, c, sizeof back, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) RDNA4_EXPECT(back[i] == 2 * h[i], "back[%d]=%d", i, back[i]);
  // hipMemset writes bytes; hipMemcpyDefault infers the direction.
  RDNA4_HIP_CHECK(hipMemset(c + 10, 0xab, 3 * sizeof(int)));
  RDNA4_HIP_CHECK(hipMemcpyAsync(back, c, sizeof back, hipMemcpyDefault, 0));
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  RDNA4_EXPECT(back[9] == 2 * h[9], "back[9]=%d", back[9]);
  RDNA4_EXPECT(back[10] == (int)0xabababab && back[12] == (int)0xabababab, "memset: %x %x", back[10], back[12]);
  RDNA4_EXPECT(back[13] == 2 * h[13], "back[13]=%d", back[13]);
  // Host-to-host through hipMemcpy.
  int hh[4] = {0, 0, 0, 0};
  RDNA4_HIP_CHECK(hipMemcpy(hh, h, sizeof hh, hipMemcpyHostToHost));
  RDNA4_EXPECT(hh[3] == h[3], "host-to-host");

  // hipMemsetAsync, ordered before the kernel on the same stream.
  hipStream_t s;
  RDNA4_HIP_CHECK(hipStreamCreate(&s));
  RDNA4_HIP_CHECK(hipMemsetAsync(a, 0x1c2 /* low byte 0xc2 */, sizeof h, s));
  twice<<<(n + 127) / 128, 128, 0, s>>>(a, b, n);
  RDNA4_HIP_CHECK(hipStreamSynchronize(s));
  RDNA4_HIP_CHECK(hipMemcpy(back, b, sizeof back, hipMemcpyDeviceToHost));
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += back[i] != (int)(2u * 0xc2c2c2c2u);
  RDNA4_EXPECT(wrong == 0, "%d elements after hipMemsetAsync + kernel (back[0]=0x%x)", wrong, back[0]);
  if (!wrong) std::printf("memset async ok\n");
  RDNA4_HIP_CHECK(hipStreamDestroy(s));

  // hipMemGetInfo.
  hipDeviceProp_t p;
  RDNA4_HIP_CHECK(hipGetDeviceProperties(&p, 0));
  size_t free0 = 0, total = 0, free1 = 0, free2 = 0, t1 = 0;
  RDNA4_HIP_CHECK(hipMemGetInfo(&free0, &total));
  const size_t big = size_t(64) << 20;
  void* blk = nullptr;
  RDNA4_HIP_CHECK(hipMalloc(&blk, big));
  RDNA4_HIP_CHECK(hipMemGetInfo(&free1, &t1));
  RDNA4_HIP_CHECK(hipFree(blk));
  RDNA4_HIP_CHECK(hipMemGetInfo(&free2, &t1));
  const bool emu = rdna4_is_emulator(p);
  bool info_ok = total == p.totalGlobalMem && free0 <= total && free1 + big <= free0 &&
                 (emu ? free1 + big == free0 && free2 == free0 : free2 >= free1 + big);
  RDNA4_EXPECT(info_ok, "hipMemGetInfo: total %zu (props %zu) free %zu -> %zu -> %zu", total,
               (size_t)p.totalGlobalMem, free0, free1, free2);
  // Either pointer may be null (ROCm/clr hip_memory.cpp fills the ones given).
  size_t t2 = 0;
  RDNA4_HIP_CHECK(hipMemGetInfo(nullptr, &t2));
  RDNA4_HIP_CHECK(hipMemGetInfo(nullptr, nullptr));
  info_ok &= t2 == total;
  if (info_ok) std::printf("mem info ok\n");

  RDNA4_HIP_CHECK(hipFree(a));
  RDNA4_HIP_CHECK(hipFree(b));
  RDNA4_HIP_CHECK(hipFree(c));
  RDNA4_HIP_CHECK(hipFree(nullptr));
  return rdna4_test_end();
}
