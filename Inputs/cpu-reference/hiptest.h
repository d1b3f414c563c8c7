// Host-side plumbing shared by the runtime conformance programs (runtime/**):
// HIP error checking, device buffers, and the device label every result
// carries (device=emu on the emulator, device=hw on a GPU). Include after
// <hip/hip_runtime.h>.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

namespace rt {

[[noreturn]] inline void die(const char* what, hipError_t e, const char* file, int line) {
  std::printf("FAIL: %s failed: %s (%s) at %s:%d\n", what, hipGetErrorName(e),
              hipGetErrorString(e), file, line);
  std::fflush(stdout);
  std::exit(1);
}
#define RT_HIP(call)                                            \
  do {                                                          \
    hipError_t e_ = (call);                                     \
    if (e_ != hipSuccess) ::rt::die(#call, e_, __FILE__, __LINE__); \
  } while (0)

struct DeviceInfo {
  std::string label;  // "emu" or "hw"
  std::string arch;   // gcnArchName without feature suffixes
  std::string name;
};

// The emulator names itself "RDNA4 emulator (gfxNNNN)" (harness/hip); anything
// else is real hardware.
inline const DeviceInfo& device_info() {
  static DeviceInfo info = [] {
    DeviceInfo d;
    int count = 0;
    RT_HIP(hipGetDeviceCount(&count));
    if (count < 1) {
      std::printf("FAIL: no HIP device\n");
      std::exit(1);
    }
    hipDeviceProp_t p;
    std::memset(&p, 0, sizeof p);
    RT_HIP(hipGetDeviceProperties(&p, 0));
    d.name = p.name;
    d.arch = p.gcnArchName;
    if (d.arch.find(':') != std::string::npos) d.arch = d.arch.substr(0, d.arch.find(':'));
    d.label = d.name.find("emulator") != std::string::npos ? "emu" : "hw";
    return d;
  }();
  return info;
}
inline bool on_emulator() { return device_info().label == "emu"; }
// "device=emu arch=gfx1201": appended to every PASS/FAIL line.
inline std::string device_tag() {
  return "device=" + device_info().label + " arch=" + device_info().arch;
}
inline void print_device_header(const char* test) {
  // Line-buffered stdout keeps our lines in order with the runtime's stderr
  // notes (e.g. the emulator's RDNA4_EMU_STATS lines) when both go to a pipe.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::printf("test=%s %s (%s)\n", test, device_tag().c_str(), device_info().name.c_str());
  if (on_emulator())
    std::printf("note: results below are emulator results, not hardware facts\n");
}

// A device buffer of T, freed at scope exit.
template <class T>
struct DevBuf {
  T* p = nullptr;
  size_t n = 0;
  explicit DevBuf(size_t count) : n(count) {
    RT_HIP(hipMalloc((void**)&p, count * sizeof(T) ? count * sizeof(T) : 1));
  }
  DevBuf(const std::vector<T>& host) : DevBuf(host.size()) { upload(host); }
  ~DevBuf() { (void)hipFree(p); }
  DevBuf(const DevBuf&) = delete;
  DevBuf& operator=(const DevBuf&) = delete;
  void upload(const std::vector<T>& host) {
    RT_HIP(hipMemcpy(p, host.data(), host.size() * sizeof(T), hipMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> h(n);
    RT_HIP(hipMemcpy(h.data(), p, n * sizeof(T), hipMemcpyDeviceToHost));
    return h;
  }
  void zero() { RT_HIP(hipMemset(p, 0, n * sizeof(T))); }
};

// Launch through the kernel handle (works for templates and pointers) and
// wait; a launch fault is reported by hipDeviceSynchronize.
inline void launch(const void* kernel, dim3 grid, dim3 block, std::vector<void*> args,
                   size_t shmem = 0) {
  RT_HIP(hipLaunchKernel(kernel, grid, block, args.data(), shmem, nullptr));
  RT_HIP(hipDeviceSynchronize());
  RT_HIP(hipGetLastError());
}

// As launch(), but a launch error is reported and returned instead of ending
// the program (so a program can go on to its next, independent check).
inline bool try_launch(const char* what, const void* kernel, dim3 grid, dim3 block, std::vector<void*> args,
                       size_t shmem = 0) {
  hipError_t e = hipLaunchKernel(kernel, grid, block, args.data(), shmem, nullptr);
  if (e == hipSuccess) e = hipDeviceSynchronize();
  const hipError_t last = hipGetLastError();  // clears the sticky error
  if (e == hipSuccess) e = last;
  if (e != hipSuccess) {
    std::printf("FAIL: %s: launch failed: %s (%s)\n", what, hipGetErrorName(e), hipGetErrorString(e));
    return false;
  }
  return true;
}

}  // namespace rt
