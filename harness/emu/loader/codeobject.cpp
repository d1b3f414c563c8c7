// CodeObject::load_elf / load_any: ties the ELF reader, the metadata note and
// the kernel descriptors together (AMDGPUUsage "Kernel Descriptor",
// "Symbols"). Bundles: bundle.cpp. Hidden arguments: hidden_args.cpp.
#include <algorithm>
#include <cstring>

#include "bytes.h"
#include "elf.h"
#include "note.h"
#include "rdna4emu/codeobject.h"

namespace rdna4emu {
namespace loader {

struct MachRow {
  uint32_t mach;
  const char* name;
  const char* generic;
};
static const MachRow kMachTable[] = {
#define AMDGPU_MACH(mach, name, generic) {mach, name, generic},
#include "amdgpu_mach.def"
#undef AMDGPU_MACH
};

const MachRow* mach_by_value(uint32_t mach) {
  for (const auto& r : kMachTable)
    if (r.mach == mach) return &r;
  return nullptr;
}
const MachRow* mach_by_name(const std::string& name) {
  for (const auto& r : kMachTable)
    if (name == r.name) return &r;
  return nullptr;
}

// "gfx1201:xnack-" -> "gfx1201"
std::string processor_of(const std::string& target_id) {
  return target_id.substr(0, target_id.find(':'));
}

// Does a code object for `have` (processor) run on `want` (processor)?
// 0 = no, 2 = exact, 1 = through its generic family.
int arch_match(const std::string& have, const std::string& want) {
  if (have == want) return 2;
  const MachRow* w = mach_by_name(want);
  if (w && *w->generic && have == w->generic) return 1;
  return 0;
}

// Resource limits of the processors the emulator models (target_limits.def).
struct TargetLimits {
  const char* processor;
  uint64_t lds_bytes;            // LDS per workgroup
  uint64_t scratch_wave_bytes;   // private (scratch) memory per wave
};
static const TargetLimits kTargetLimits[] = {
#define TARGET_LIMITS(processor, lds, scratch) {processor, lds, scratch},
#include "target_limits.def"
#undef TARGET_LIMITS
};

const TargetLimits* limits_of(const std::string& processor) {
  for (const auto& l : kTargetLimits)
    if (processor == l.processor) return &l;
  return nullptr;
}

// LDS and private sizes of a kernel (metadata and descriptor) within the
// target's limits.
void check_limits(const KernelInfo& k, const TargetLimits& l, const std::string& arch,
                  const std::string& where) {
  struct Field {
    const char* name;
    uint64_t value, limit;
    const char* unit;
  };
  const uint64_t lane_scratch = l.scratch_wave_bytes / (k.wavefront_size ? k.wavefront_size : 32);
  const Field fields[] = {
      {"metadata .group_segment_fixed_size", k.group_segment_fixed_size, l.lds_bytes,
       "bytes of LDS per workgroup"},
      {"descriptor group_segment_fixed_size", k.kd.group_segment_fixed_size, l.lds_bytes,
       "bytes of LDS per workgroup"},
      {"metadata .private_segment_fixed_size", k.private_segment_fixed_size, lane_scratch,
       "bytes of private memory per lane"},
      {"descriptor private_segment_fixed_size", k.kd.private_segment_fixed_size, lane_scratch,
       "bytes of private memory per lane"},
  };
  for (const Field& f : fields)
    if (f.value > f.limit)
      throw LoadError(where + ": " + f.name + " = " + std::to_string(f.value) + " exceeds " + arch +
                      "'s " + std::to_string(f.limit) + " " + f.unit +
                      (f.limit == lane_scratch ? " (wave" + std::to_string(k.wavefront_size) + ")"
                                               : std::string()));
}

// Declared in bundle.cpp.
const BundleEntry* pick_bundle_entry(const std::vector<BundleEntry>& entries,
                                     const std::string& arch);

}  // namespace loader

using namespace loader;

const KernelArg* KernelInfo::find_arg(const std::string& value_kind) const {
  for (const auto& a : args)
    if (a.value_kind == value_kind) return &a;
  return nullptr;
}

const KernelInfo* CodeObject::find_kernel(const std::string& name) const {
  for (const auto& k : kernels_)
    if (k.name == name || k.symbol == name || k.symbol == name + ".kd") return &k;
  return nullptr;
}

std::string CodeObject::metadata_yaml() const { return metadata_yaml_; }

std::shared_ptr<CodeObject> CodeObject::load_elf(const uint8_t* data, size_t size) {
  if (!data && size) throw LoadError("ELF: null data pointer");
  ElfFile elf = parse_elf(data, size);
  if (elf.machine != kEmAmdgpu)
    throw LoadError("ELF: e_machine is " + std::to_string(elf.machine) +
                    ", expected 224 (EM_AMDGPU): not an AMDGPU code object");
  if (elf.os_abi != kOsAbiAmdgpuHsa)
    throw LoadError("ELF: EI_OSABI is " + std::to_string(elf.os_abi) +
                    ", expected 64 (ELFOSABI_AMDGPU_HSA)");
  if (elf.abi_version < 1)
    throw LoadError("ELF: EI_ABIVERSION " + std::to_string(elf.abi_version) +
                    " is code object v2, which has no MessagePack metadata: unsupported");

  auto co = std::make_shared<CodeObject>();
  co->e_flags_ = elf.e_flags;
  co->image_ = build_image(elf);

  // Metadata note.
  const ElfNote* md_note = nullptr;
  for (const auto& n : elf.notes)
    if (n.owner == "AMDGPU" && n.type == kNtAmdgpuMetadata) {
      if (md_note) throw LoadError("ELF: more than one NT_AMDGPU_METADATA note");
      md_note = &n;
    }
  if (!md_note) throw LoadError("ELF: no NT_AMDGPU_METADATA note (owner \"AMDGPU\", type 32)");
  Metadata md = parse_metadata(data + md_note->desc_offset, static_cast<size_t>(md_note->desc_size));
  co->metadata_yaml_ = msgpack::to_yaml(md.root);

  // Architecture: e_flags mach, cross-checked with amdhsa.target.
  uint32_t mach = elf.e_flags & 0xff;
  std::string target_proc;
  if (!md.target.empty()) {
    // <arch>-<vendor>-<os>-<env>-<target id>; the target id may contain '-'.
    size_t p = 0;
    for (int i = 0; i < 4 && p != std::string::npos; ++i) {
      p = md.target.find('-', p);
      if (p != std::string::npos) ++p;
    }
    if (p == std::string::npos)
      throw LoadError("metadata: amdhsa.target \"" + md.target +
                      "\" is not <arch>-<vendor>-<os>-<env>-<target id>");
    target_proc = processor_of(md.target.substr(p));
  }
  if (const MachRow* r = mach_by_value(mach)) {
    co->arch_ = r->name;
    if (!target_proc.empty() && target_proc != co->arch_)
      throw LoadError("ELF: e_flags say " + co->arch_ + " (mach " + hex(mach) +
                      ") but amdhsa.target is \"" + md.target + "\"");
  } else if (!target_proc.empty()) {
    co->arch_ = target_proc;
  } else {
    throw LoadError("ELF: unknown EF_AMDGPU_MACH " + hex(mach) + " and no amdhsa.target");
  }

  // Function symbols (for code sizes and debugging).
  for (const auto& s : elf.symbols)
    if (s.type == kSttFunc && !s.name.empty()) co->symbols_.emplace_back(s.name, s.value);
    else if (s.type == kSttObject && !s.name.empty())  // __device__ variables (HIP runtime)
      co->data_symbols_.push_back({s.name, s.value, s.size});

  const auto& image = co->image_;
  const TargetLimits* limits = limits_of(co->arch_);
  for (KernelInfo& k : md.kernels) {
    std::string where = "kernel '" + k.name + "'";
    const ElfSymbol* kd_sym = nullptr;
    for (const auto& s : elf.symbols)
      if (s.name == k.symbol) kd_sym = &s;
    if (!kd_sym)
      throw LoadError(where + ": kernel descriptor symbol '" + k.symbol +
                      "' not found in the symbol table");
    if (!in_range(kd_sym->value, 64, image.size()))
      throw LoadError(where + ": descriptor '" + k.symbol + "' at " + hex(kd_sym->value) +
                      " (64 bytes) lies outside the loaded image (size " + hex(image.size()) + ")");
    k.kd_vaddr = kd_sym->value;
    ByteView kd(image.data() + k.kd_vaddr, 64, where + " descriptor");
    k.kd.group_segment_fixed_size = kd.u32(0, "group_segment_fixed_size");
    k.kd.private_segment_fixed_size = kd.u32(4, "private_segment_fixed_size");
    k.kd.kernarg_size = kd.u32(8, "kernarg_size");
    k.kd.kernel_code_entry_byte_offset = static_cast<int64_t>(kd.u64(16, "kernel_code_entry_byte_offset"));
    k.kd.compute_pgm_rsrc3 = kd.u32(44, "compute_pgm_rsrc3");
    k.kd.compute_pgm_rsrc1 = kd.u32(48, "compute_pgm_rsrc1");
    k.kd.compute_pgm_rsrc2 = kd.u32(52, "compute_pgm_rsrc2");
    k.kd.kernel_code_properties = kd.u16(56, "kernel_code_properties");
    k.kd.kernarg_preload = kd.u16(58, "kernarg_preload");

    int64_t off = k.kd.kernel_code_entry_byte_offset;
    // Both operands are below 2^63 in magnitude here (image <= 256 MiB).
    if (off < -static_cast<int64_t>(kMaxImageBytes) || off > static_cast<int64_t>(kMaxImageBytes) ||
        static_cast<int64_t>(k.kd_vaddr) + off < 0 ||
        static_cast<uint64_t>(static_cast<int64_t>(k.kd_vaddr) + off) >= image.size())
      throw LoadError(where + ": kernel_code_entry_byte_offset " + std::to_string(off) +
                      " from the descriptor at " + hex(k.kd_vaddr) +
                      " points outside the loaded image (size " + hex(image.size()) + ")");
    k.code_vaddr = static_cast<uint64_t>(static_cast<int64_t>(k.kd_vaddr) + off);
    if (k.code_vaddr % 256 != 0)
      throw LoadError(where + ": kernel entry " + hex(k.code_vaddr) +
                      " is not 256-byte aligned");
    bool executable = false;
    for (const auto& s : elf.segments)
      if (s.type == kPtLoad && (s.flags & kPfX) && k.code_vaddr >= s.vaddr &&
          k.code_vaddr - s.vaddr < s.filesz)
        executable = true;
    if (!executable)
      throw LoadError(where + ": kernel entry " + hex(k.code_vaddr) +
                      " is not inside an executable PT_LOAD segment");
    if (k.kd.kernarg_size != k.kernarg_segment_size)
      throw LoadError(where + ": descriptor kernarg_size " + std::to_string(k.kd.kernarg_size) +
                      " disagrees with metadata .kernarg_segment_size " +
                      std::to_string(k.kernarg_segment_size));
    bool wave32 = (k.kd.kernel_code_properties >> 10) & 1;
    if ((k.wavefront_size == 32) != wave32)
      throw LoadError(where + ": descriptor says wave" + std::string(wave32 ? "32" : "64") +
                      " (kernel_code_properties bit 10) but metadata .wavefront_size is " +
                      std::to_string(k.wavefront_size));
    if (limits) check_limits(k, *limits, co->arch_, where);
    for (const auto& s : elf.symbols)
      if (s.type == kSttFunc && s.value == k.code_vaddr && (s.name == k.name || !k.code_size))
        k.code_size = s.size;
    if (k.code_size && !in_range(k.code_vaddr, k.code_size, image.size()))
      throw LoadError(where + ": code [" + hex(k.code_vaddr) + ", +" + hex(k.code_size) +
                      ") runs past the loaded image (size " + hex(image.size()) + ")");
  }
  co->kernels_ = std::move(md.kernels);
  return co;
}

std::shared_ptr<CodeObject> CodeObject::load_any(const uint8_t* data, size_t size,
                                                 const std::string& arch) {
  if (!data && size) throw LoadError("load: null data pointer");
  std::string want = processor_of(arch);
  if (is_elf(data, size)) {
    auto co = load_elf(data, size);
    if (!want.empty() && !arch_match(co->arch(), want))
      throw NoBinaryForArch("code object is for " + co->arch() + ", not " + want);
    return co;
  }
  if (is_offload_bundle(data, size)) {
    std::vector<BundleEntry> entries = parse_offload_bundle(data, size);
    const BundleEntry* e = pick_bundle_entry(entries, want);
    try {
      auto co = load_elf(e->data.data(), e->data.size());
      if (!want.empty() && !arch_match(co->arch(), want))
        throw NoBinaryForArch("bundle entry '" + e->id + "' holds a code object for " +
                              co->arch() + ", not " + want);
      return co;
    } catch (const NoBinaryForArch&) {
      throw;
    } catch (const LoadError& err) {
      throw LoadError("bundle entry '" + e->id + "': " + err.what());
    }
  }
  std::string head;
  for (size_t i = 0; i < std::min<size_t>(size, 8); ++i) {
    char b[4];
    std::snprintf(b, sizeof b, "%02x ", data[i]);
    head += b;
  }
  throw LoadError("load: not an ELF, clang offload bundle or CCOB bundle (" +
                  std::to_string(size) + " bytes, starting " + (head.empty() ? "<empty>" : head) + ")");
}

}  // namespace rdna4emu
