// hipemu internal state: the one emulated device, registered programs,
// error bookkeeping. Every API entry point takes Runtime::mutex.
#pragma once

#include <hip/hip_runtime_api.h>

#include <chrono>
#include <cstdint>
#include <exception>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <vector>

#include "rdna4emu/codeobject.h"
#include "rdna4emu/device.h"

namespace hipemu {

// A code object source: a registered fat binary (__hipRegisterFatBinary) or a
// module image (hipModuleLoadData). Loaded lazily for the device's arch.
struct Program {
  const uint8_t* data = nullptr;
  size_t size = 0;
  std::string origin;  // for messages: "fat binary 0x...", "module image"
  bool tried = false;
  hipError_t load_error = hipSuccess;
  std::shared_ptr<rdna4emu::CodeObject> co;
};

struct Runtime {
  std::recursive_mutex mutex;
  // Configuration from the environment (read once, see env.cpp).
  bool configured = false;
  bool config_ok = false;
  std::string arch;                   // RDNA4_EMU_ARCH, default gfx1201
  rdna4emu::LaunchOptions options;    // RDNA4_EMU_BUDGET / _THREADS / _HAZARDS / _TRACE
  bool print_stats = false;           // RDNA4_EMU_STATS=1

  double timeout_seconds = 10;        // RDNA4_EMU_TIMEOUT: wall-time watchdog per launch

  std::unique_ptr<rdna4emu::Device> device;
  uint64_t device_bytes = 0;  // live hipMalloc / hipMallocAsync bytes (hipMemGetInfo)
  // First kernel fault not yet returned by a device-wide synchronization
  // (hipDeviceSynchronize, hipStreamSynchronize(0), hipMemcpy). Faults on a
  // created stream are also kept by that stream (ihipStream_t::error): see
  // "Kernel faults" in harness/hip/README.md.
  hipError_t pending = hipSuccess;

  std::vector<std::unique_ptr<Program>> programs;   // registered fat binaries
  struct Registered {
    Program* program;
    std::string name;  // device-side kernel name (mangled)
  };
  std::map<const void*, Registered> functions;     // host handle -> kernel
  struct Variable {
    Program* program;
    std::string name;  // device-side symbol name
    size_t size;       // from the host declaration
  };
  std::map<const void*, Variable> variables;       // host shadow -> __device__ variable
  std::set<const void*> streams, events, modules, module_functions;
  // Pinned host memory mapped into the device's address space at its own address
  // (host_memory.cpp): hipHostMalloc'd blocks (owned) and hipHostRegister'ed ranges.
  struct HostBlock {
    size_t size;
    unsigned flags;
    bool owned;  // allocated by hipHostMalloc (freed by hipHostFree)
  };
  std::map<const void*, HostBlock> host_blocks;
  rdna4emu::LaunchStats last_stats;
};

Runtime& rt();

// Read the environment once; false (with a message printed once) when the
// configuration is invalid. Requires the mutex.
bool configure(Runtime& r);
// The device, created on first use; nullptr when the configuration is bad.
rdna4emu::Device* device(Runtime& r);

// Record `e` as the thread's last error when it is not hipSuccess; returns e.
hipError_t record(hipError_t e);
// Return (and clear) the pending launch fault; used by synchronizing calls.
hipError_t take_pending(Runtime& r);

// ---- Kernel faults per stream (the stream and event parts: src/stream_ops.cpp) ----
// A fault of a kernel launched on `stream`: kept for that stream (until its
// hipStreamSynchronize / hipStreamQuery returns it) and for the device (until a
// device-wide synchronization returns it). The first fault wins in each.
void post_fault(Runtime& r, hipStream_t stream, hipError_t e);
// The stream's unreported fault (the device's for the null stream), cleared
// (take) or not (peek).
hipError_t take_stream_error(Runtime& r, hipStream_t stream);
hipError_t peek_stream_error(Runtime& r, hipStream_t stream);

// ---- Nothing throws past the C API ----
// Every extern "C" entry point's body is wrapped in HIPEMU_API_BEGIN /
// HIPEMU_API_END (HIPEMU_API_END_VOID for the void registration functions): an
// exception (host out of memory, an emulator or loader error the code did not
// expect) becomes a message naming the function and hipErrorOutOfMemory
// (std::bad_alloc) or hipErrorUnknown, recorded as the thread's last error.
hipError_t internal_error(const char* function, std::exception_ptr e) noexcept;
#define HIPEMU_API_BEGIN try {
#define HIPEMU_API_END                                                          \
  }                                                                             \
  catch (...) {                                                                 \
    return ::hipemu::record(::hipemu::internal_error(__func__, std::current_exception())); \
  }
#define HIPEMU_API_END_VOID                                                     \
  }                                                                             \
  catch (...) {                                                                 \
    (void)::hipemu::record(::hipemu::internal_error(__func__, std::current_exception())); \
  }

// Load `p` for the device arch (once). Returns hipSuccess or the load error,
// printing a diagnostic the first time.
hipError_t load(Runtime& r, Program& p);

// Lay out the kernarg segment and run the kernel. `args[i]` points at the
// i-th explicit argument (hipLaunchKernel), or `raw`/`raw_size` is the packed
// explicit argument buffer (hipModuleLaunchKernel's `extra`). `cooperative`: every
// work-group resident at once, with a grid barrier in hidden_multigrid_sync_arg
// (hipLaunchCooperativeKernel; launch.cpp).
hipError_t launch(Runtime& r, const rdna4emu::CodeObject& co, const rdna4emu::KernelInfo& k,
                  dim3 grid, dim3 block, size_t shared, hipStream_t stream, void** args,
                  const void* raw, size_t raw_size, bool cooperative = false);

// Bytes spanned by a code object image in memory (plain ELF, clang offload
// bundle, or CCOB), read from its headers, at most `bound`; 0 if the format
// is not recognised or the headers do not fit in `bound`.
size_t image_extent(const uint8_t* p, size_t bound, std::string* why);
// Bytes from p to the end of the loaded ELF segment containing p (0 if none).
size_t mapped_bound(const void* p);

bool valid_stream(Runtime& r, hipStream_t s);

// The hipDeviceProp_t members beyond device_api.cpp's figures: what the emulator models
// (host memory mapping, atomics) and zeros for what it has no model of (textures,
// surfaces, managed memory, ...). device_attributes.cpp; hipDeviceGetAttribute reads them.
void fill_model_properties(hipDeviceProp_t* p);

// The kernel registered under host handle `f` (loaded for the device arch), or an error
// (printed, naming `api`): hipErrorInvalidDeviceFunction for an unknown handle.
hipError_t registered_kernel(Runtime& r, const void* f, const char* api, Program** program,
                             const rdna4emu::KernelInfo** kernel);
// The kernel of a loaded module behind `f` (module.cpp): hipErrorInvalidHandle for a
// handle hipModuleGetFunction did not return (null included).
hipError_t module_kernel(Runtime& r, hipFunction_t f, const rdna4emu::CodeObject** co,
                         const rdna4emu::KernelInfo** kernel);

// Occupancy of a kernel as ROCm computes it (occupancy.cpp): work-groups of `block_size`
// work-items per multiprocessor (a WGP in ROCm's default WGP mode) and the grid that fills
// the device; best_block is the block size for the most resident work-items.
struct Occupancy {
  int blocks_per_mp = 0, grid_blocks = 0, best_block = 0;
};
hipError_t occupancy(Runtime& r, const rdna4emu::KernelInfo& k, int block_size, size_t dyn_lds,
                     bool potential, Occupancy* out);

// Device printf (printf.cpp): before a launch, a buffer for a kernel that has a
// hidden_hostcall_buffer argument (its address written there; 0 = none); after it, the
// buffer's messages printed on stdout and the buffer freed.
uint64_t printf_buffer_begin(rdna4emu::Device& d, const rdna4emu::KernelInfo& k,
                             std::vector<uint8_t>& kernarg);
void printf_buffer_end(rdna4emu::Device& d, uint64_t buf, const char* kernel);

// True if [p, p+n) lies inside one block of pinned host memory (host_memory.cpp):
// a kernel may use p directly, and copies treat it as host memory.
bool host_mapped(Runtime& r, const void* p, size_t n);
// Map every pinned host block into a newly created device (env.cpp, after hipDeviceReset).
void map_host_blocks(Runtime& r, rdna4emu::Device& d);

}  // namespace hipemu

// Stream and event objects (created in events.cpp). `error`: see post_fault.
struct ihipStream_t {
  unsigned flags = 0;
  hipError_t error = hipSuccess;  // first fault of a kernel on this stream, not yet returned
};
struct ihipEvent_t {
  unsigned flags = 0;
  bool recorded = false;
  std::chrono::steady_clock::time_point when;
  // The error of the stream it was recorded on, as it stood at hipEventRecord:
  // returned by hipEventSynchronize / hipEventQuery of this event.
  hipError_t error = hipSuccess;
};
