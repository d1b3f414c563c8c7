// ELF64 little-endian reader for AMDGPU code objects. Private to the loader.
// Parses the header, program headers, section headers, the symbol table and
// the notes; every offset and size is checked against the file.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace rdna4emu::loader {

constexpr uint16_t kEmAmdgpu = 224;     // EM_AMDGPU
constexpr uint8_t kOsAbiAmdgpuHsa = 64; // ELFOSABI_AMDGPU_HSA
constexpr uint32_t kPtLoad = 1, kPtNote = 4;
constexpr uint32_t kPfX = 1;
constexpr uint32_t kShtSymtab = 2, kShtNote = 7, kShtNobits = 8, kShtDynsym = 11;
constexpr uint8_t kSttObject = 1, kSttFunc = 2;
constexpr uint32_t kNtAmdgpuMetadata = 32;

struct ElfSegment {
  uint32_t type = 0, flags = 0;
  uint64_t offset = 0, vaddr = 0, filesz = 0, memsz = 0;
};
struct ElfSection {
  std::string name;
  uint32_t type = 0, link = 0;
  uint64_t flags = 0, addr = 0, offset = 0, size = 0, entsize = 0;
};
struct ElfSymbol {
  std::string name;
  uint64_t value = 0, size = 0;
  uint8_t type = 0, bind = 0;
  uint16_t shndx = 0;
};
struct ElfNote {
  std::string owner;
  uint32_t type = 0;
  uint64_t desc_offset = 0;  // file offset of the descriptor
  uint64_t desc_size = 0;
};

struct ElfFile {
  const uint8_t* data = nullptr;
  size_t size = 0;
  uint16_t machine = 0;
  uint8_t os_abi = 0, abi_version = 0;
  uint32_t e_flags = 0;
  std::vector<ElfSegment> segments;
  std::vector<ElfSection> sections;
  std::vector<ElfSymbol> symbols;  // .symtab, else .dynsym
  std::vector<ElfNote> notes;      // PT_NOTE segments, else SHT_NOTE sections
};

// Throws LoadError. Does not check e_machine (the caller does, with context).
ElfFile parse_elf(const uint8_t* data, size_t size);

// Every PT_LOAD segment copied to its p_vaddr in a zero-filled image of
// max(p_vaddr + p_memsz) bytes. Throws LoadError above kMaxImageBytes.
std::vector<uint8_t> build_image(const ElfFile& elf);

bool is_elf(const uint8_t* data, size_t size);

}  // namespace rdna4emu::loader
