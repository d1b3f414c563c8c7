// The one host harness of the runtime/ HIP test programs (HIP error check,
// device detection, the device table of the CPU-reference library). Compiles
// against the emulator's <hip/hip_runtime.h> and against ROCm's unchanged.
//
//   int main() {
//     rdna4_test_begin();            // prints "device=emu arch=gfx1201" (or device=hw)
//     RDNA4_HIP_CHECK(hipMalloc(&p, n));
//     RDNA4_EXPECT(x == 3, "x=%d", x);
//     return rdna4_test_end();       // prints PASS or "FAIL (n failures)"; exit code 0 or 1
//   }
//
// Device identification (rdna4_device_info, the one place): on the emulator
// hipDeviceProp_t::name starts with "RDNA4 emulator" (harness/hip/src/device_api.cpp);
// any other name is real hardware. The arch is gcnArchName up to the first ':'
// (ROCm appends feature suffixes such as ":sramecc-:xnack-").
//
// rdna4_hip_ops(): the rt::DeviceOps table (Inputs/cpu-reference/api.h) through
// which librdna4ref and the reference drivers allocate, copy and launch; every
// call is a HIP call compiled in the test's own translation unit. Including
// this header installs the table before main() runs.
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "../cpu-reference/api.h"

static int rdna4_test_failures = 0;

#define RDNA4_HIP_CHECK(expr)                                                           \
  do {                                                                                   \
    hipError_t rdna4_e_ = (expr);                                                        \
    if (rdna4_e_ != hipSuccess) {                                                        \
      std::printf("FAIL %s:%d: %s returned %s (%d): %s\n", __FILE__, __LINE__, #expr,     \
                  hipGetErrorName(rdna4_e_), (int)rdna4_e_, hipGetErrorString(rdna4_e_)); \
      std::exit(1);                                                                      \
    }                                                                                    \
  } while (0)

// Expect a specific HIP error code (fatal on mismatch).
#define RDNA4_HIP_EXPECT_ERROR(expr, expected)                                           \
  do {                                                                                   \
    hipError_t rdna4_e_ = (expr);                                                        \
    if (rdna4_e_ != (expected)) {                                                        \
      std::printf("FAIL %s:%d: %s returned %s (%d), expected %s\n", __FILE__, __LINE__,   \
                  #expr, hipGetErrorName(rdna4_e_), (int)rdna4_e_,                       \
                  hipGetErrorName(expected));                                            \
      std::exit(1);                                                                      \
    }                                                                                    \
    std::printf("ok: %s -> %s\n", #expr, hipGetErrorName(rdna4_e_));                     \
  } while (0)

// Non-fatal check; at most 10 messages are printed.
#define RDNA4_EXPECT(cond, ...)                                                          \
  do {                                                                                   \
    if (!(cond)) {                                                                       \
      if (rdna4_test_failures++ < 10) {                                                  \
        std::printf("FAIL %s:%d: %s: ", __FILE__, __LINE__, #cond);                      \
        std::printf(__VA_ARGS__);                                                        \
        std::printf("\n");                                                               \
      }                                                                                  \
    }                                                                                    \
  } while (0)

static inline bool rdna4_is_emulator(const hipDeviceProp_t& p) {
  return std::strncmp(p.name, "RDNA4 emulator", 14) == 0;
}

// The device under test: "emu" or "hw", its arch (gcnArchName up to ':') and name.
struct Rdna4DeviceInfo {
  const char* label;
  char arch[64];
  char name[256];
};
static inline const Rdna4DeviceInfo& rdna4_device_info() {
  static Rdna4DeviceInfo info = [] {
    Rdna4DeviceInfo d;
    int count = 0;
    RDNA4_HIP_CHECK(hipGetDeviceCount(&count));
    if (count < 1) {
      std::printf("FAIL: no HIP device\n");
      std::exit(1);
    }
    hipDeviceProp_t p;
    std::memset(&p, 0, sizeof p);
    RDNA4_HIP_CHECK(hipGetDeviceProperties(&p, 0));
    std::snprintf(d.arch, sizeof d.arch, "%s", p.gcnArchName);
    if (char* colon = std::strchr(d.arch, ':')) *colon = '\0';
    std::snprintf(d.name, sizeof d.name, "%s", p.name);
    d.label = rdna4_is_emulator(p) ? "emu" : "hw";
    return d;
  }();
  return info;
}

// Prints "device=<emu|hw> arch=<gfx...>" and returns the arch (static buffer).
static inline const char* rdna4_test_begin() {
  const Rdna4DeviceInfo& d = rdna4_device_info();
  std::printf("device=%s arch=%s\n", d.label, d.arch);
  std::fflush(stdout);
  return d.arch;
}

// ---- rt::DeviceOps with HIP ------------------------------------------------------------
static inline void rdna4_ops_describe(const char** label, const char** arch, const char** name) {
  const Rdna4DeviceInfo& d = rdna4_device_info();
  *label = d.label;
  *arch = d.arch;
  *name = d.name;
}
static inline void* rdna4_ops_alloc(size_t bytes) {
  void* p = nullptr;
  RDNA4_HIP_CHECK(hipMalloc(&p, bytes));
  return p;
}
static inline void rdna4_ops_release(void* p) { (void)hipFree(p); }
static inline void rdna4_ops_to_device(void* dst, const void* src, size_t bytes) {
  RDNA4_HIP_CHECK(hipMemcpy(dst, src, bytes, hipMemcpyHostToDevice));
}
static inline void rdna4_ops_to_host(void* dst, const void* src, size_t bytes) {
  RDNA4_HIP_CHECK(hipMemcpy(dst, src, bytes, hipMemcpyDeviceToHost));
}
static inline void rdna4_ops_fill(void* dst, int byte, size_t bytes) {
  RDNA4_HIP_CHECK(hipMemset(dst, byte, bytes));
}
// Launch through the kernel handle (works for templates and pointers) and wait; a launch
// fault is reported by hipDeviceSynchronize.
static inline void rdna4_ops_launch(const void* kernel, rt::Dim g, rt::Dim b, void** args, size_t shmem) {
  RDNA4_HIP_CHECK(hipLaunchKernel(kernel, dim3(g.x, g.y, g.z), dim3(b.x, b.y, b.z), args, shmem, nullptr));
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  RDNA4_HIP_CHECK(hipGetLastError());
}
static inline bool rdna4_ops_try_launch(const char* what, const void* kernel, rt::Dim g, rt::Dim b,
                                        void** args, size_t shmem) {
  hipError_t e = hipLaunchKernel(kernel, dim3(g.x, g.y, g.z), dim3(b.x, b.y, b.z), args, shmem, nullptr);
  if (e == hipSuccess) e = hipDeviceSynchronize();
  const hipError_t last = hipGetLastError();  // clears the sticky error
  if (e == hipSuccess) e = last;
  if (e != hipSuccess) {
    std::printf("FAIL: %s: launch failed: %s (%s)\n", what, hipGetErrorName(e), hipGetErrorString(e));
    return false;
  }
  return true;
}
static inline const rt::DeviceOps& rdna4_hip_ops() {
  static const rt::DeviceOps ops = {rdna4_ops_describe, rdna4_ops_alloc,   rdna4_ops_release,
                                    rdna4_ops_to_device, rdna4_ops_to_host, rdna4_ops_fill,
                                    rdna4_ops_launch,   rdna4_ops_try_launch};
  return ops;
}

// Emulator statistics of the last launch (hip/hipemu_ext.h); false on
// hardware (ROCm has no such API) or when unavailable.
#if __has_include(<hip/hipemu_ext.h>)
#include <hip/hipemu_ext.h>
static inline bool rdna4_emu_last_launch_stats(hipemuLaunchStats* s) {
  return hipemuGetLastLaunchStats(s) == hipSuccess;
}
#else
struct hipemuLaunchStats {
  unsigned long long wave_instructions, lane_operations, waves, workgroups, modelled_cycles,
      wmma_instructions;
  double seconds;
};
static inline bool rdna4_emu_last_launch_stats(hipemuLaunchStats*) { return false; }
#endif

static inline int rdna4_test_end() {
  if (rdna4_test_failures) {
    std::printf("FAIL (%d failures)\n", rdna4_test_failures);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
