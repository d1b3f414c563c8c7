// The emulated gfx12 device: its own address space (allocations), and kernel
// launches that execute a CodeObject's machine code wave by wave.
//
// CONTRACT shared by the executor (harness/emu/core), the HIP runtime
// (harness/hip) and the CLI. Change it only together with every user.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rdna4emu/codeobject.h"

namespace rdna4emu {

enum class Fault {
  None,
  IllegalInstruction,  // unknown/malformed/unimplemented encoding
  MemoryViolation,     // out-of-bounds global / LDS / scratch access
  BudgetExceeded,      // instruction budget or wall-time limit exhausted (runaway kernel)
  HazardViolation,     // missing s_wait_* or hazard separation (strict mode)
  LaunchError,         // bad launch parameters (block too large, LDS too big, ...)
};
const char* fault_name(Fault f);

enum class HazardMode { Off, Strict };

struct LaunchOptions {
  uint64_t instruction_budget = 4'000'000'000ull; // wave-instructions, whole launch
  double time_limit_seconds = 0;  // wall time of the launch (watchdog); 0 = no limit.
                                  // Exceeding it is reported as BudgetExceeded.
  unsigned threads = 0;        // host threads; 0 = hardware_concurrency. Results
                               // never depend on it.
  HazardMode hazards = HazardMode::Strict;
  bool trace = false;          // print every executed instruction to stderr
  // Cooperative launch (HIP hipLaunchCooperativeKernel): every workgroup of the grid is
  // resident at once, so workgroups may wait for each other (a grid-wide barrier in
  // global memory). The waves of all workgroups run interleaved on one host thread:
  // a wave runs until it ends, waits in s_barrier_wait, executes s_sleep, or has run a
  // quantum of 4096 instructions; then the next wave runs. `threads` is ignored. A grid
  // whose waves can never all proceed ends at the budget or the watchdog (time_limit_seconds).
  bool cooperative = false;
};

struct LaunchStats {
  uint64_t wave_instructions = 0;  // executed instructions summed over waves
  uint64_t lane_operations = 0;    // sum over executed VALU/VMEM/DS instructions of popcount(EXEC)
  uint64_t waves = 0, workgroups = 0;
  uint64_t modelled_cycles = 0;    // from the WMMA throughput table + 1 per other instruction (see docs)
  std::map<std::string, uint64_t> per_mnemonic;  // executed count per mnemonic
  double seconds = 0;              // host wall time of the launch
};

struct LaunchResult {
  Fault fault = Fault::None;
  // Human-readable diagnostic for a fault: kernel name, pc (byte offset from
  // the kernel entry), lane, address, nearest allocation, encoding bytes,
  // disassembly attempt, ... as applicable.
  std::string diagnostic;
  LaunchStats stats;
  bool ok() const { return fault == Fault::None; }
};

struct Allocation {
  uint64_t base = 0;
  uint64_t size = 0;
};

class DeviceImpl;

class Device {
 public:
  // arch: "gfx1200" or "gfx1201".
  explicit Device(std::string arch = "gfx1201");
  ~Device();
  Device(const Device&) = delete;
  Device& operator=(const Device&) = delete;

  const std::string& arch() const;

  // Device memory lives in the emulator's own address space (addresses start
  // at 0x100000000000 and never overlap host memory the program owns).
  // alloc returns 0 when out of memory. Zero-filled.
  uint64_t alloc(uint64_t bytes, uint64_t align = 256);
  bool free(uint64_t base);            // false if base is not an allocation base
  // Copy in/out; false (and nothing copied) unless [addr, addr+n) lies inside
  // one live allocation.
  bool write(uint64_t addr, const void* src, uint64_t n);
  bool read(uint64_t addr, void* dst, uint64_t n) const;
  bool fill(uint64_t addr, uint8_t value, uint64_t n);
  bool copy(uint64_t dst, uint64_t src, uint64_t n);  // device to device
  std::optional<Allocation> find(uint64_t addr) const; // allocation containing addr
  std::optional<Allocation> nearest(uint64_t addr) const; // for diagnostics

  // Host memory mapped into the device's address space at its own address (HIP's
  // pinned/mapped host memory: hipHostMalloc, hipHostRegister): a kernel reading or
  // writing address A in [host, host+n) touches the host bytes at A. False (nothing
  // mapped) when the range is empty, wraps, or overlaps device memory, the LDS/scratch
  // apertures or another mapping. The memory stays owned by the caller; read/write/
  // fill/copy/find above see device allocations only.
  bool map_host(void* host, uint64_t n);
  bool unmap_host(void* host);  // false if host is not the start of a mapping

  // Device address at which `co`'s loaded image is mapped (mapped on first
  // use: this call or a launch; cached per code object for the device's
  // lifetime). Code and data share the mapping: a symbol at image vaddr V
  // (a __device__ / __constant__ variable, a function) lives at base + V, and
  // s_getpc_b64 returns base + vaddr of the next instruction. 0 if out of memory.
  uint64_t code_object_base(const CodeObject& co);

  // Run one kernel to completion. `kernarg` is the complete kernarg segment
  // (explicit and hidden arguments already laid out; see fill_hidden_args).
  // The code object must stay alive during the call. Thread-safe with respect
  // to other devices; one launch at a time per device.
  LaunchResult launch(const CodeObject& co, const KernelInfo& kernel,
                      const LaunchConfig& cfg, const std::vector<uint8_t>& kernarg,
                      const LaunchOptions& opts = {});

 private:
  std::unique_ptr<DeviceImpl> impl_;
};

// The emulator's models (UNVERIFIED behaviours and their candidates): rdna4emu/model.h.

}  // namespace rdna4emu
