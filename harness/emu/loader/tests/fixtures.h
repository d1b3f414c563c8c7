// Test helpers: fixture files made by make_fixtures.py, and the
// expectations it recorded from llvm-readelf.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "rdna4emu/codeobject.h"

namespace loader_test {

inline std::string fixture(const std::string& name) {
  return std::string(LOADER_FIXTURES) + "/" + name;
}

inline std::vector<uint8_t> read_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open fixture " + path);
  return std::vector<uint8_t>((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
}

inline std::vector<uint8_t> read_fixture(const std::string& name) { return read_file(fixture(name)); }

// Compilers the fixtures were built with ("22", "19").
inline std::vector<std::string> compilers() {
  std::vector<std::string> v = {"22"};
  if (LOADER_HAVE_CLANG19) v.push_back("19");
  return v;
}

// One "kernel" or "arg" line of a .expect file: key=value pairs.
struct Expect {
  uint64_t text_addr = 0;
  std::map<std::string, std::map<std::string, std::string>> kernels;
  std::map<std::string, std::vector<std::map<std::string, std::string>>> args;
};

inline Expect read_expect(const std::string& name) {
  Expect e;
  std::ifstream f(fixture(name));
  if (!f) throw std::runtime_error("cannot open " + fixture(name));
  std::string line;
  while (std::getline(f, line)) {
    std::istringstream is(line);
    std::string what, kname, tok;
    is >> what;
    if (what == "section") {
      is >> tok >> tok;  // ".text" "addr=N"
      e.text_addr = std::stoull(tok.substr(5));
      continue;
    }
    is >> kname;
    std::map<std::string, std::string> kv;
    if (what == "arg") is >> tok;  // index
    while (is >> tok) {
      auto eq = tok.find('=');
      kv[tok.substr(0, eq)] = tok.substr(eq + 1);
    }
    if (what == "kernel") e.kernels[kname] = kv;
    else if (what == "arg") e.args[kname].push_back(kv);
  }
  return e;
}

// Expect `stmt` to throw LoadError whose message contains `needle`.
#define EXPECT_LOAD_ERROR(stmt, needle)                                              \
  do {                                                                               \
    try {                                                                            \
      stmt;                                                                          \
      ADD_FAILURE() << "no LoadError from: " #stmt;                                  \
    } catch (const rdna4emu::LoadError& err_) {                                      \
      EXPECT_NE(std::string(err_.what()).find(needle), std::string::npos)            \
          << "message was: " << err_.what();                                         \
    }                                                                                \
  } while (0)

}  // namespace loader_test
