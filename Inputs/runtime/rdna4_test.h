// Shared helpers for the runtime/ HIP test programs. Compiles against the
// emulator's <hip/hip_runtime.h> and against ROCm's unchanged.
//
//   int main() {
//     rdna4_test_begin();            // prints "device=emu arch=gfx1201" (or device=hw)
//     RDNA4_HIP_CHECK(hipMalloc(&p, n));
//     RDNA4_EXPECT(x == 3, "x=%d", x);
//     return rdna4_test_end();       // prints PASS or "FAIL (n failures)"; exit code 0 or 1
//   }
//
// Device identification: on the emulator hipDeviceProp_t::name starts with
// "RDNA4 emulator" (harness/hip/src/device_api.cpp); any other name is real
// hardware. The arch is gcnArchName up to the first ':' (ROCm appends feature
// suffixes such as ":sramecc-:xnack-").
#pragma once

#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

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

// Prints "device=<emu|hw> arch=<gfx...>" and returns the arch (static buffer).
static inline const char* rdna4_test_begin() {
  static char arch[64];
  hipDeviceProp_t p;
  RDNA4_HIP_CHECK(hipGetDeviceProperties(&p, 0));
  std::snprintf(arch, sizeof arch, "%s", p.gcnArchName);
  if (char* colon = std::strchr(arch, ':')) *colon = '\0';
  std::printf("device=%s arch=%s\n", rdna4_is_emulator(p) ? "emu" : "hw", arch);
  std::fflush(stdout);
  return arch;
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
