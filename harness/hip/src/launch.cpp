// Loading a program for the device's arch, laying out the kernarg segment
// from the code object metadata, running the kernel on the emulator and
// turning a fault into the HIP error of its stream (post_fault).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "runtime.h"

namespace hipemu {

namespace {

// Emulator fault -> the HIP error a synchronizing call returns afterwards.
struct FaultError {
  rdna4emu::Fault fault;
  hipError_t error;
};
constexpr FaultError kFaultErrors[] = {
    {rdna4emu::Fault::MemoryViolation, hipErrorIllegalAddress},
    {rdna4emu::Fault::IllegalInstruction, hipErrorLaunchFailure},
    {rdna4emu::Fault::BudgetExceeded, hipErrorLaunchTimeOut},
    {rdna4emu::Fault::HazardViolation, hipErrorLaunchFailure},
    {rdna4emu::Fault::LaunchError, hipErrorLaunchFailure},
};

hipError_t error_for(rdna4emu::Fault f) {
  for (const FaultError& fe : kFaultErrors)
    if (fe.fault == f) return fe.error;
  return hipErrorLaunchFailure;
}

bool is_hidden(const rdna4emu::KernelArg& a) { return a.value_kind.rfind("hidden_", 0) == 0; }

void print_stats(const rdna4emu::KernelInfo& k, const rdna4emu::LaunchStats& s) {
  std::fprintf(stderr,
               "hipemu: stats %s: wave_instructions=%" PRIu64 " lane_operations=%" PRIu64
               " waves=%" PRIu64 " workgroups=%" PRIu64 " modelled_cycles=%" PRIu64
               " seconds=%.6f\n",
               k.name.c_str(), s.wave_instructions, s.lane_operations, s.waves, s.workgroups,
               s.modelled_cycles, s.seconds);
}

}  // namespace

hipError_t load(Runtime& r, Program& p) {
  if (p.tried) return p.load_error;
  p.tried = true;
  try {
    p.co = rdna4emu::CodeObject::load_any(p.data, p.size, r.arch);
    p.load_error = hipSuccess;
  } catch (const rdna4emu::NoBinaryForArch& e) {
    std::fprintf(stderr,
                 "hipemu: hipErrorNoBinaryForGpu: %s has no code object for the emulated device "
                 "%s (RDNA4_EMU_ARCH): %s\n",
                 p.origin.c_str(), r.arch.c_str(), e.what());
    p.load_error = hipErrorNoBinaryForGpu;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "hipemu: cannot load %s: %s\n", p.origin.c_str(), e.what());
    p.load_error = hipErrorInvalidImage;
  }
  return p.load_error;
}

hipError_t launch(Runtime& r, const rdna4emu::CodeObject& co, const rdna4emu::KernelInfo& k,
                  dim3 grid, dim3 block, size_t shared, hipStream_t stream, void** args,
                  const void* raw, size_t raw_size, bool cooperative) {
  rdna4emu::Device* dev = device(r);
  if (!dev) return hipErrorNoDevice;
  if (!valid_stream(r, stream)) return hipErrorInvalidHandle;
  const char* name = k.name.c_str();
  // Launch parameters, checked as HIP does before anything runs.
  uint64_t threads = uint64_t(block.x) * block.y * block.z;
  uint32_t max_wg = k.max_flat_workgroup_size ? k.max_flat_workgroup_size : 1024;
  if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z || threads > 1024 ||
      threads > max_wg || uint64_t(grid.x) * block.x > UINT32_MAX ||
      uint64_t(grid.y) * block.y > UINT32_MAX || uint64_t(grid.z) * block.z > UINT32_MAX) {
    std::fprintf(stderr,
                 "hipemu: launch of %s: invalid configuration grid (%u,%u,%u) block (%u,%u,%u) "
                 "(at most %u work-items per block)\n",
                 name, grid.x, grid.y, grid.z, block.x, block.y, block.z, max_wg);
    return hipErrorInvalidConfiguration;
  }
  if (shared > 65536 || k.group_segment_fixed_size + shared > 65536) {
    std::fprintf(stderr,
                 "hipemu: launch of %s: %zu bytes of dynamic shared memory + %u static exceed "
                 "the 65536 bytes of LDS per workgroup\n",
                 name, shared, k.group_segment_fixed_size);
    return hipErrorInvalidValue;
  }
  // Kernarg segment: explicit arguments at their metadata offsets, then the
  // hidden ones as ROCm's runtime fills them.
  size_t size = std::max<size_t>(k.kernarg_segment_size, k.kd.kernarg_size);
  std::vector<uint8_t> kernarg(size, 0);
  size_t explicit_end = 0, index = 0;
  for (const rdna4emu::KernelArg& a : k.args) {
    if (is_hidden(a)) continue;
    if (size_t(a.offset) + a.size > size) {
      std::fprintf(stderr, "hipemu: %s: argument %zu (offset %u, size %u) lies outside the %zu-byte kernarg segment\n",
                   name, index, a.offset, a.size, size);
      return hipErrorInvalidImage;
    }
    if (!raw) {
      if (!args || !args[index]) {
        std::fprintf(stderr, "hipemu: launch of %s: no value for argument %zu\n", name, index);
        return hipErrorInvalidValue;
      }
      std::memcpy(kernarg.data() + a.offset, args[index], a.size);
    }
    explicit_end = std::max<size_t>(explicit_end, size_t(a.offset) + a.size);
    ++index;
  }
  if (raw) {
    // The buffer may include the tail padding of a host struct; the hidden
    // arguments written below overwrite anything it covers beyond the
    // explicit ones.
    if (raw_size > size || raw_size < explicit_end) {
      std::fprintf(stderr,
                   "hipemu: launch of %s: argument buffer of %zu bytes does not match the "
                   "kernel's %zu bytes of explicit arguments (kernarg segment %zu bytes)\n",
                   name, raw_size, explicit_end, size);
      return hipErrorInvalidValue;
    }
    std::memcpy(kernarg.data(), raw, raw_size);
  }
  rdna4emu::LaunchConfig cfg;
  cfg.grid = {grid.x, grid.y, grid.z};
  cfg.block = {block.x, block.y, block.z};
  cfg.dynamic_lds_bytes = static_cast<uint32_t>(shared);
  try {
    rdna4emu::fill_hidden_args(k, cfg, kernarg);
  } catch (const rdna4emu::LoadError& e) {  // the loader's checks make this unreachable
    std::fprintf(stderr, "hipemu: launch of %s: %s\n", name, e.what());
    return hipErrorInvalidImage;
  }
  const uint64_t printf_buf = printf_buffer_begin(*dev, k, kernarg);  // device printf
  // A cooperative launch's grid barrier: 8 zeroed bytes (alloc zero-fills) (arrived work-groups, generation;
  // <hip/hip_cooperative_groups.h> internal::grid_barrier) whose address goes into
  // hidden_multigrid_sync_arg, as ROCm passes its own barrier there. Every other launch
  // leaves that argument 0, which grid_group::is_valid() reports as false.
  uint64_t grid_barrier = 0;
  const rdna4emu::KernelArg* sync_arg = k.find_arg("hidden_multigrid_sync_arg");
  if (cooperative && sync_arg && sync_arg->size >= 8 && size_t(sync_arg->offset) + 8 <= kernarg.size()) {
    grid_barrier = dev->alloc(64, 64);
    if (!grid_barrier) {
      std::fprintf(stderr, "hipemu: launch of %s: out of device memory for the grid barrier\n", name);
      return hipErrorOutOfMemory;
    }
    std::memcpy(kernarg.data() + sync_arg->offset, &grid_barrier, 8);
  }

  rdna4emu::LaunchResult res;
  try {
    rdna4emu::LaunchOptions opts = r.options;
    opts.time_limit_seconds = r.timeout_seconds;
    opts.cooperative = cooperative;
    res = dev->launch(co, k, cfg, kernarg, opts);
  } catch (const std::exception& e) {
    res.fault = rdna4emu::Fault::LaunchError;
    res.diagnostic = std::string("emulator error: ") + e.what();
  }
  printf_buffer_end(*dev, printf_buf, name);
  if (grid_barrier) dev->free(grid_barrier);
  r.last_stats = res.stats;
  if (r.print_stats) print_stats(k, res.stats);
  if (!res.ok()) {
    hipError_t e = error_for(res.fault);
    std::fprintf(stderr, "hipemu: kernel %s faulted (%s -> %s):\n%s\n", name,
                 rdna4emu::fault_name(res.fault), hipGetErrorName(e), res.diagnostic.c_str());
    if (res.fault == rdna4emu::Fault::LaunchError) return e;  // rejected before running
    post_fault(r, stream, e);
  }
  return hipSuccess;
}

}  // namespace hipemu
