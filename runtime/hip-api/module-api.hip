// hipModuleLoad (plain code object file), hipModuleLoadData (offload bundle
// in memory), hipModuleGetFunction, hipModuleLaunchKernel with kernelParams
// and with the `extra` argument buffer, hipModuleUnload.
// RUN: %hipcc --cuda-device-only --no-gpu-bundle-output -O2 %S/Inputs/module_kernel.hip -o %t.co
// RUN: %hipcc --cuda-device-only -O2 %S/Inputs/module_kernel.hip -o %t.bundle
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t %t.co %t.bundle | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: ok: hipModuleGetFunction(&f, m, "no_such_kernel") -> hipErrorNotFound
// CHECK: launched via kernelParams
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
