// Device plumbing of the CPU-reference drivers (wmma_dense.h, sparse.h,
// load_tr.h, load_tr_w64.h, layout_probe.h, runtime/gemm): device
// buffers, launches and the device label every result carries (device=emu on
// the emulator, device=hw on a GPU), all through the rt::DeviceOps table of
// api.h. No HIP here: the table is filled with HIP calls in the test's own
// translation unit (Inputs/runtime/rdna4_test.h), which installs it before
// main() runs; librdna4ref's entry points install the table they are given.
#pragma once

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "api.h"

namespace rt {

inline const DeviceOps*& ops_slot() {
  static const DeviceOps* slot = nullptr;
  return slot;
}
inline void install(const DeviceOps& o) { ops_slot() = &o; }
inline const DeviceOps& ops() {
  const DeviceOps* o = ops_slot();
  if (!o) {
    std::printf("FAIL: no device: the test's translation unit did not install its HIP operations "
                "(include Inputs/cpu-reference/rdna4ref.h or Inputs/runtime/rdna4_test.h)\n");
    std::fflush(stdout);
    std::exit(1);
  }
  return *o;
}

struct DeviceInfo {
  std::string label;  // "emu" or "hw"
  std::string arch;   // gcnArchName without feature suffixes
  std::string name;
};

inline const DeviceInfo& device_info() {
  static const DeviceInfo info = [] {
    const char *label = "", *arch = "", *name = "";
    ops().describe(&label, &arch, &name);
    return DeviceInfo{label, arch, name};
  }();
  return info;
}
inline bool on_emulator() { return device_info().label == "emu"; }
// "device=emu arch=gfx1201": appended to every PASS/FAIL line.
inline std::string device_tag() { return "device=" + device_info().label + " arch=" + device_info().arch; }
inline void print_device_header(const char* test) {
  // Line-buffered stdout keeps our lines in order with the runtime's stderr
  // notes (e.g. the emulator's RDNA4_EMU_STATS lines) when both go to a pipe.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::printf("test=%s %s (%s)\n", test, device_tag().c_str(), device_info().name.c_str());
  if (on_emulator()) std::printf("note: results below are emulator results, not hardware facts\n");
}

// A device buffer of T, freed at scope exit.
template <class T>
struct DevBuf {
  T* p = nullptr;
  size_t n = 0;
  explicit DevBuf(size_t count) : n(count) {
    p = static_cast<T*>(ops().alloc(count ? count * sizeof(T) : 1));
  }
  DevBuf(const std::vector<T>& host) : DevBuf(host.size()) { upload(host); }
  ~DevBuf() { ops().release(p); }
  DevBuf(const DevBuf&) = delete;
  DevBuf& operator=(const DevBuf&) = delete;
  void upload(const std::vector<T>& host) { ops().to_device(p, host.data(), host.size() * sizeof(T)); }
  std::vector<T> download() const {
    std::vector<T> h(n);
    ops().to_host(h.data(), p, n * sizeof(T));
    return h;
  }
  void zero() { ops().fill(p, 0, n * sizeof(T)); }
  void fill_bytes(int byte) { ops().fill(p, byte, n * sizeof(T)); }
};

// Launch through the kernel handle (works for templates and pointers) and
// wait; a launch fault ends the program with a FAIL line.
inline void launch(const void* kernel, Dim grid, Dim block, std::vector<void*> args, size_t shmem = 0) {
  ops().launch(kernel, grid, block, args.data(), shmem);
}

// As launch(), but a launch error is reported and returned instead of ending
// the program (so a program can go on to its next, independent check).
inline bool try_launch(const char* what, const void* kernel, Dim grid, Dim block, std::vector<void*> args,
                       size_t shmem = 0) {
  return ops().try_launch(what, kernel, grid, block, args.data(), shmem);
}

}  // namespace rt

#if defined(__HIP__)
// Compiled into a HIP test's TU (runtime/gemm): the HIP side of the table.
#include "../runtime/rdna4_test.h"
static const bool rdna4_device_ops_installed = (rt::install(rdna4_hip_ops()), true);
#endif
