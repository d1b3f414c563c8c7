// A stand-in for the executor (harness/emu/core) so the HIP runtime can be
// unit-tested on its own: device memory is real (a map of host buffers at
// emulator addresses), launch() only records what it was given and returns
// the fault a test asks for.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rdna4emu/device.h"

namespace fake {
struct LaunchRecord {
  int count = 0;
  std::string kernel;
  rdna4emu::LaunchConfig cfg;
  std::vector<uint8_t> kernarg;
  rdna4emu::LaunchOptions opts;
};
extern LaunchRecord last;
extern rdna4emu::Fault next_fault;  // reset to None after each launch
// A launch whose kernarg segment starts with this 32-bit value faults with
// MemoryViolation (-1: none): lets concurrent threads pick which launch faults.
extern int64_t fault_tag;
// The next Device::alloc throws std::bad_alloc (then resets): an exception inside
// the runtime, which must not pass its C API.
extern bool throw_on_alloc;
}  // namespace fake
