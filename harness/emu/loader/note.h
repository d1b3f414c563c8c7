// NT_AMDGPU_METADATA (code object v3+) -> KernelInfo. Private to the loader.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "msgpack.h"
#include "rdna4emu/codeobject.h"

namespace rdna4emu::loader {

struct Metadata {
  msgpack::Value root;
  std::string target;  // amdhsa.target, e.g. "amdgcn-amd-amdhsa--gfx1201"
  uint64_t version_major = 0, version_minor = 0;  // amdhsa.version
  // Metadata fields only: kd, kd_vaddr, code_vaddr, code_size are filled
  // later from the symbol table and the descriptor.
  std::vector<KernelInfo> kernels;
};

// Parse and validate the note's MessagePack descriptor. Throws LoadError
// naming the kernel, argument and field at fault.
Metadata parse_metadata(const uint8_t* desc, size_t size);

}  // namespace rdna4emu::loader
