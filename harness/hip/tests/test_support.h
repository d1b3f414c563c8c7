// Helpers for the hipemu unit tests: compile a code object with clang.
#pragma once

#include <cstdio>
#include <cstdlib>
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

}  // namespace hipemu_test
