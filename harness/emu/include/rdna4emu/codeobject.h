// Code-object loading: AMDGPU ELF, clang offload bundles (plain and CCOB),
// kernel descriptors and the NT_AMDGPU_METADATA MessagePack note.
//
// CONTRACT shared by the loader (harness/emu/loader), the executor
// (harness/emu/core) and the HIP runtime (harness/hip). Change it only
// together with every user.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace rdna4emu {

// Every malformed input (ELF, bundle, note, descriptor) is reported by
// throwing LoadError with a message that names what was wrong and where
// (byte offset, section, kernel).
struct LoadError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct KernelArg {
  std::string name;          // .name (may be empty)
  std::string type_name;     // .type_name (may be empty)
  std::string value_kind;    // .value_kind: "by_value", "global_buffer",
                             // "hidden_block_count_x", "hidden_group_size_x", ...
  std::string address_space; // .address_space ("global", "generic", ...) or ""
  uint32_t offset = 0;       // .offset in the kernarg segment
  uint32_t size = 0;         // .size in bytes
};

// The 64-byte kernel descriptor NAME.kd (AMDGPUUsage "Kernel Descriptor").
struct KernelDescriptor {
  uint32_t group_segment_fixed_size = 0;   // @0
  uint32_t private_segment_fixed_size = 0; // @4
  uint32_t kernarg_size = 0;               // @8
  int64_t kernel_code_entry_byte_offset = 0; // @16, relative to the .kd
  uint32_t compute_pgm_rsrc3 = 0;          // @44
  uint32_t compute_pgm_rsrc1 = 0;          // @48
  uint32_t compute_pgm_rsrc2 = 0;          // @52
  uint16_t kernel_code_properties = 0;     // @56
  uint16_t kernarg_preload = 0;            // @58
};

struct KernelInfo {
  std::string name;    // .name, e.g. "_Z4gemmPKDF16_S1_Pfiii"
  std::string symbol;  // .symbol, e.g. "_Z4gemmPKDF16_S1_Pfiii.kd"
  KernelDescriptor kd;
  uint64_t kd_vaddr = 0;    // virtual address of the descriptor in the image
  uint64_t code_vaddr = 0;  // kd_vaddr + kernel_code_entry_byte_offset
  uint64_t code_size = 0;   // size of the kernel's function symbol (0 if unknown)
  std::vector<KernelArg> args;        // in metadata order
  uint32_t kernarg_segment_size = 0;  // .kernarg_segment_size
  uint32_t kernarg_segment_align = 0; // .kernarg_segment_align
  uint32_t group_segment_fixed_size = 0;   // .group_segment_fixed_size
  uint32_t private_segment_fixed_size = 0; // .private_segment_fixed_size
  uint32_t wavefront_size = 32;       // .wavefront_size
  uint32_t sgpr_count = 0, vgpr_count = 0;
  uint32_t sgpr_spill_count = 0, vgpr_spill_count = 0;
  bool uses_dynamic_stack = false;
  uint32_t max_flat_workgroup_size = 1024;

  // Argument with the given value_kind, or nullptr.
  const KernelArg* find_arg(const std::string& value_kind) const;
};

class CodeObject {
 public:
  // Parse a plain AMDGPU ELF code object (e_machine EM_AMDGPU). Throws LoadError.
  static std::shared_ptr<CodeObject> load_elf(const uint8_t* data, size_t size);
  // Accepts a plain ELF, an uncompressed clang offload bundle or a CCOB
  // compressed bundle; for bundles, picks the entry for `arch` (e.g.
  // "gfx1201"; entry ids like "hipv4-amdgcn-amd-amdhsa--gfx1201" or with
  // feature suffixes ":xnack-"). Throws LoadError, or NoBinaryForArch.
  static std::shared_ptr<CodeObject> load_any(const uint8_t* data, size_t size,
                                              const std::string& arch);

  const std::string& arch() const { return arch_; }   // "gfx1200" / "gfx1201" / ...
  uint32_t e_flags() const { return e_flags_; }
  // The loaded image: every PT_LOAD segment copied to its p_vaddr (the image
  // starts at vaddr 0; bytes not covered by a segment are zero). Instruction
  // fetch reads image()[vaddr].
  const std::vector<uint8_t>& image() const { return image_; }
  const std::vector<KernelInfo>& kernels() const { return kernels_; }
  // Find by .name or by .symbol (with or without ".kd"); nullptr if absent.
  const KernelInfo* find_kernel(const std::string& name) const;
  std::string metadata_yaml() const; // human-readable dump of the note (debugging)

  // Implementation detail, filled by the loader.
  std::string arch_;
  uint32_t e_flags_ = 0;
  std::vector<uint8_t> image_;
  std::vector<KernelInfo> kernels_;
  std::vector<std::pair<std::string, uint64_t>> symbols_; // function symbols (name, vaddr)
  // Data symbols (STT_OBJECT: __device__ / __constant__ variables) with their
  // image vaddr and size; the HIP runtime's hipMemcpyToSymbol & co. use them.
  struct DataSymbol {
    std::string name;
    uint64_t vaddr = 0, size = 0;
  };
  std::vector<DataSymbol> data_symbols_;
  const DataSymbol* find_data_symbol(const std::string& name) const {
    for (const DataSymbol& s : data_symbols_)
      if (s.name == name) return &s;
    return nullptr;
  }
  std::string metadata_yaml_;  // the note as text (loader addition)
};

// No bundle entry for the requested architecture (maps to hipErrorNoBinaryForGpu).
struct NoBinaryForArch : LoadError {
  using LoadError::LoadError;
};

struct BundleEntry {
  std::string id;             // "hipv4-amdgcn-amd-amdhsa--gfx1201"
  std::vector<uint8_t> data;  // the entry's bytes (decompressed)
};
// Parse "__CLANG_OFFLOAD_BUNDLE__" or "CCOB" (versions 1-3; zlib or zstd).
std::vector<BundleEntry> parse_offload_bundle(const uint8_t* data, size_t size);
bool is_offload_bundle(const uint8_t* data, size_t size);

// Launch geometry, shared by the executor and whoever fills hidden arguments.
struct Dim3 {
  uint32_t x = 1, y = 1, z = 1;
};
struct LaunchConfig {
  Dim3 grid;    // number of WORKGROUPS in each dimension (HIP gridDim)
  Dim3 block;   // work-items per workgroup (HIP blockDim)
  uint32_t dynamic_lds_bytes = 0;
};

// Write the code-object-v5 hidden arguments (hidden_block_count_*,
// hidden_group_size_*, hidden_remainder_*, hidden_grid_dims,
// hidden_dynamic_lds_size, hidden_global_offset_* = 0, ...) into `kernarg`
// (already sized to kernarg_segment_size), at the offsets the metadata gives,
// as ROCm's runtime (CLR) fills them. Arguments the emulator cannot provide
// (hostcall/printf buffers, queue pointers, ...) are left zero.
void fill_hidden_args(const KernelInfo& k, const LaunchConfig& cfg,
                      std::vector<uint8_t>& kernarg);

}  // namespace rdna4emu
