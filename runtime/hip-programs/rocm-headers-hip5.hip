// A program built with ROCm's HIP headers and device libraries instead of the project's
// (`hipcc --device emu --hip-path /usr`: Debian 12's libamdhip64-dev and rocm-device-libs,
// HIP 5.2) runs on the emulator through libhipemu.so's ROCm ABI: registration, <<<>>>
// launch, hipLaunchKernelGGL, memory, and hipGetDeviceProperties with HIP 5.x's
// hipDeviceProp_t (members far into the structure are checked, so a layout misread fails).
// No project header is included (rdna4_test.h would pull in the emulator's own).
// REQUIRES: hip-path-usr, device-emu
// RUN: %hipcc --hip-path /usr -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DARCH=%device_arch
// CHECK: device=emu arch=[[ARCH]]
// CHECK: HIP 5.{{[0-9]+}}
// CHECK: props ok
// CHECK: kernels ok
// CHECK: PASS
#include <hip/hip_runtime.h>
#include <hip/hip_version.h>

#include <cstdio>
#include <cstring>

#define CHECK_HIP(x)                                                             \
  do {                                                                           \
    hipError_t e_ = (x);                                                         \
    if (e_ != hipSuccess) {                                                      \
      std::printf("FAIL %s: %s\n", #x, hipGetErrorName(e_));                     \
      return 1;                                                                  \
    }                                                                            \
  } while (0)

__global__ void fill(int* out, int scale) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = i * scale + (int)blockDim.x + 1000 * (int)gridDim.x;
}

__global__ void saxpy(float a, const float* x, float* y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  hipDeviceProp_t p;
  std::memset(&p, 0x5a, sizeof p);
  CHECK_HIP(hipGetDeviceProperties(&p, 0));
  std::printf("device=%s arch=%s\n", std::strncmp(p.name, "RDNA4 emulator", 14) == 0 ? "emu" : "hw",
              p.gcnArchName);
  std::printf("HIP %d.%d (sizeof(hipDeviceProp_t) = %zu)\n", HIP_VERSION_MAJOR, HIP_VERSION_MINOR,
              sizeof p);
  int bad = 0;
  // Values of harness/hip/src/device_api.cpp, at offsets spread over the structure.
  bad += p.warpSize != 32;
  bad += p.maxThreadsPerBlock != 1024;
  bad += p.major != 12;
  bad += p.maxSharedMemoryPerMultiProcessor != 65536;
  bad += p.memPitch != ((size_t)1 << 31);
  bad += p.pageableMemoryAccessUsesHostPageTables != 0;  // zeroed by the runtime
  bad += !p.arch.hasDoubles;
  if (bad) {
    std::printf("FAIL props: warpSize=%d maxThreadsPerBlock=%d major=%d maxShm/MP=%zu memPitch=%zu\n",
                p.warpSize, p.maxThreadsPerBlock, p.major, p.maxSharedMemoryPerMultiProcessor,
                p.memPitch);
    return 1;
  }
  std::printf("props ok\n");

  const int n = 256;
  int* d;
  CHECK_HIP(hipMalloc(&d, n * sizeof(int)));
  fill<<<dim3(4), dim3(64)>>>(d, 3);
  CHECK_HIP(hipGetLastError());
  int h[n];
  CHECK_HIP(hipMemcpy(h, d, sizeof h, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) bad += h[i] != i * 3 + 64 + 4000;
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i) {
    hx[i] = (float)i;
    hy[i] = 0.5f * (float)i;
  }
  float *dx, *dy;
  CHECK_HIP(hipMalloc(&dx, sizeof hx));
  CHECK_HIP(hipMalloc(&dy, sizeof hy));
  CHECK_HIP(hipMemcpy(dx, hx, sizeof hx, hipMemcpyHostToDevice));
  CHECK_HIP(hipMemcpy(dy, hy, sizeof hy, hipMemcpyHostToDevice));
  hipLaunchKernelGGL(saxpy, dim3(2), dim3(128), 0, 0, 2.0f, dx, dy, n);
  CHECK_HIP(hipDeviceSynchronize());
  CHECK_HIP(hipMemcpy(hy, dy, sizeof hy, hipMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i) bad += hy[i] != 2.5f * (float)i;  // exact: small integers and halves
  CHECK_HIP(hipFree(d));
  CHECK_HIP(hipFree(dx));
  CHECK_HIP(hipFree(dy));
  if (bad) {
    std::printf("FAIL kernels: %d mismatches\n", bad);
    return 1;
  }
  std::printf("kernels ok\nPASS\n");
  return 0;
}
