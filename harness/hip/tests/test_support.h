// Helpers for the hipemu unit tests: compile a code object with clang; the device
// properties every hipDeviceProp_t layout carries.
#pragma once

#include <gtest/gtest.h>
#include <hip/hip_runtime_api.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

namespace hipemu_test {

inline std::string tmpdir() {
  static std::string dir = [] {
    char tmpl[] = "/tmp/hipemu-test-XXXXXX";
    const char* d = mkdtemp(tmpl);
    return std::string(d ? d : "/tmp");
  }();
  return dir;
}

// Compile HIP device code `src` to a file; `flags` e.g. "--offload-arch=gfx1201
// --no-gpu-bundle-output". Returns the bytes, empty on failure.
inline std::vector<uint8_t> compile(const std::string& name, const std::string& src,
                                    const std::string& flags) {
  std::string dir = tmpdir();
  std::string in = dir + "/" + name + ".hip", out = dir + "/" + name + ".co";
  std::ofstream(in) << src;
  std::string cmd = std::string("CLANG_NO_DEFAULT_CONFIG=1 ") + HIPEMU_TEST_CLANG +
                    " -x hip --cuda-device-only -nogpulib -nogpuinc -O2 -I" HIPEMU_TEST_INCLUDE " " + flags + " -o " + out +
                    " " + in + " 2>" + dir + "/" + name + ".err";
  if (std::system(cmd.c_str()) != 0) {
    std::fprintf(stderr, "compile failed: %s\n", cmd.c_str());
    return {};
  }
  std::ifstream f(out, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
}

// Calls a hipGetDeviceProperties entry point get(Prop*, int) (ours, or ROCm's R0000 / R0600
// layout) and checks the values every layout has for the emulated gfx1201 (ctest sets
// RDNA4_EMU_ARCH=gfx1201; values: src/device_api.cpp) and the errors for a bad device and a
// null pointer. Returns the structure filled for device 0 (bytes the entry point did not
// write are 0xab).
template <class Prop, class Get>
Prop expect_gfx1201_properties(Get get) {
  Prop p;
  std::memset(&p, 0xab, sizeof p);
  EXPECT_EQ(get(&p, 0), hipSuccess);
  EXPECT_STREQ(p.name, "RDNA4 emulator (gfx1201)");
  EXPECT_STREQ(p.gcnArchName, "gfx1201");
  EXPECT_EQ(p.warpSize, 32);
  EXPECT_EQ(p.maxThreadsPerBlock, 1024);
  EXPECT_EQ(p.sharedMemPerBlock, 65536u);
  EXPECT_EQ(p.maxSharedMemoryPerMultiProcessor, 65536u);
  EXPECT_EQ(p.multiProcessorCount, 32);  // WGPs, as ROCm counts them
  EXPECT_EQ(p.major, 12);
  EXPECT_EQ(p.memPitch, size_t(1) << 31);
  EXPECT_EQ(p.arch.hasDoubles, 1u);
  EXPECT_EQ(p.arch.hasWarpShuffle, 1u);
  EXPECT_EQ(p.arch.hasDynamicParallelism, 0u);
  const Prop got = p;
  EXPECT_EQ(get(&p, 1), hipErrorInvalidDevice);
  EXPECT_EQ(get(nullptr, 0), hipErrorInvalidValue);
  (void)hipGetLastError();
  return got;
}

}  // namespace hipemu_test
