// ELF64 parsing (System V gABI; AMDGPU specifics: LLVM AMDGPUUsage "ELF Code Object").
#include "elf.h"

#include <algorithm>
#include <cstring>

#include "bytes.h"

namespace rdna4emu::loader {

std::string hex(uint64_t v) {
  char buf[24];
  std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
  return buf;
}

bool is_elf(const uint8_t* data, size_t size) {
  return size >= 4 && data[0] == 0x7f && data[1] == 'E' && data[2] == 'L' && data[3] == 'F';
}

namespace {

// NUL-terminated string at `off` inside the string table section `strtab`.
std::string str_at(const ByteView& f, const ElfSection& strtab, uint64_t off,
                   const char* what) {
  if (off >= strtab.size)
    throw LoadError("ELF: " + std::string(what) + " name offset " + hex(off) +
                    " outside its string table (size " + hex(strtab.size) + ")");
  const char* p = reinterpret_cast<const char*>(f.data() + strtab.offset + off);
  size_t max = static_cast<size_t>(strtab.size - off);
  size_t n = strnlen(p, max);
  if (n == max)
    throw LoadError("ELF: " + std::string(what) + " name at string-table offset " +
                    hex(off) + " is not NUL-terminated");
  return std::string(p, n);
}

void parse_notes(const ByteView& f, uint64_t off, uint64_t size, const std::string& where,
                 std::vector<ElfNote>& out) {
  uint64_t p = 0;
  while (p < size) {
    if (size - p < 12)
      throw LoadError("ELF: note in " + where + " at offset " + hex(off + p) +
                      ": truncated note header (" + std::to_string(size - p) + " bytes left)");
    uint64_t namesz = f.u32(off + p, "note namesz");
    uint64_t descsz = f.u32(off + p + 4, "note descsz");
    uint32_t type = f.u32(off + p + 8, "note type");
    uint64_t name_pad = (namesz + 3) & ~3ull, desc_pad = (descsz + 3) & ~3ull;
    uint64_t left = size - p - 12;
    if (name_pad > left || descsz > left - name_pad)
      throw LoadError("ELF: note in " + where + " at offset " + hex(off + p) +
                      ": name size " + std::to_string(namesz) + " + descriptor size " +
                      std::to_string(descsz) + " exceed the note area (" +
                      std::to_string(left) + " bytes left)");
    desc_pad = std::min(desc_pad, left - name_pad);  // the last note may omit its padding
    ElfNote n;
    const char* name = reinterpret_cast<const char*>(f.data() + off + p + 12);
    n.owner.assign(name, strnlen(name, static_cast<size_t>(namesz)));
    n.type = type;
    n.desc_offset = off + p + 12 + name_pad;
    n.desc_size = descsz;
    out.push_back(std::move(n));
    p += 12 + name_pad + desc_pad;
  }
}

}  // namespace

ElfFile parse_elf(const uint8_t* data, size_t size) {
  ByteView f(data, size, "ELF");
  ElfFile e;
  e.data = data;
  e.size = size;
  if (size < 64)
    throw LoadError("ELF: file is " + std::to_string(size) +
                    " bytes, smaller than the 64-byte ELF64 header");
  if (!is_elf(data, size)) throw LoadError("ELF: bad magic (expected 7f 45 4c 46)");
  if (data[4] != 2)
    throw LoadError("ELF: EI_CLASS is " + std::to_string(data[4]) +
                    ", expected 2 (ELFCLASS64)");
  if (data[5] != 1)
    throw LoadError("ELF: EI_DATA is " + std::to_string(data[5]) +
                    ", expected 1 (little-endian)");
  e.os_abi = data[7];
  e.abi_version = data[8];
  e.machine = f.u16(18, "e_machine");
  e.e_flags = f.u32(48, "e_flags");
  uint64_t phoff = f.u64(32, "e_phoff"), shoff = f.u64(40, "e_shoff");
  uint16_t phentsize = f.u16(54, "e_phentsize"), phnum = f.u16(56, "e_phnum");
  uint16_t shentsize = f.u16(58, "e_shentsize"), shnum = f.u16(60, "e_shnum");
  uint16_t shstrndx = f.u16(62, "e_shstrndx");

  // Program headers.
  if (phnum) {
    if (phentsize != 56)
      throw LoadError("ELF: e_phentsize is " + std::to_string(phentsize) + ", expected 56");
    if (!in_range(phoff, uint64_t(phnum) * 56, size))
      throw LoadError("ELF: program header table at " + hex(phoff) + " (" +
                      std::to_string(phnum) + " entries) runs past the end of the file (size " +
                      hex(size) + ")");
    for (unsigned i = 0; i < phnum; ++i) {
      uint64_t o = phoff + 56ull * i;
      ElfSegment s;
      s.type = f.u32(o, "p_type");
      s.flags = f.u32(o + 4, "p_flags");
      s.offset = f.u64(o + 8, "p_offset");
      s.vaddr = f.u64(o + 16, "p_vaddr");
      s.filesz = f.u64(o + 32, "p_filesz");
      s.memsz = f.u64(o + 40, "p_memsz");
      std::string which = "program header " + std::to_string(i);
      if ((s.type == kPtLoad || s.type == kPtNote) && !in_range(s.offset, s.filesz, size))
        throw LoadError("ELF: " + which + ": p_offset " + hex(s.offset) + " + p_filesz " +
                        hex(s.filesz) + " runs past the end of the file (size " + hex(size) + ")");
      if (s.type == kPtLoad) {
        if (s.filesz > s.memsz)
          throw LoadError("ELF: " + which + ": p_filesz " + hex(s.filesz) +
                          " larger than p_memsz " + hex(s.memsz));
        if (!in_range(s.vaddr, s.memsz, kMaxImageBytes))
          throw LoadError("ELF: " + which + ": segment [" + hex(s.vaddr) + ", +" +
                          hex(s.memsz) + ") lies beyond the loader's image limit " +
                          hex(kMaxImageBytes));
      }
      e.segments.push_back(s);
    }
  }

  // Section headers.
  if (shnum) {
    if (shentsize != 64)
      throw LoadError("ELF: e_shentsize is " + std::to_string(shentsize) + ", expected 64");
    if (!in_range(shoff, uint64_t(shnum) * 64, size))
      throw LoadError("ELF: section header table at " + hex(shoff) + " (" +
                      std::to_string(shnum) + " entries) runs past the end of the file (size " +
                      hex(size) + ")");
    std::vector<uint32_t> name_offs;
    for (unsigned i = 0; i < shnum; ++i) {
      uint64_t o = shoff + 64ull * i;
      ElfSection s;
      name_offs.push_back(f.u32(o, "sh_name"));
      s.type = f.u32(o + 4, "sh_type");
      s.flags = f.u64(o + 8, "sh_flags");
      s.addr = f.u64(o + 16, "sh_addr");
      s.offset = f.u64(o + 24, "sh_offset");
      s.size = f.u64(o + 32, "sh_size");
      s.link = f.u32(o + 40, "sh_link");
      s.entsize = f.u64(o + 56, "sh_entsize");
      if (i != 0 && s.type != kShtNobits && !in_range(s.offset, s.size, size))
        throw LoadError("ELF: section " + std::to_string(i) + ": sh_offset " + hex(s.offset) +
                        " + sh_size " + hex(s.size) + " runs past the end of the file (size " +
                        hex(size) + ")");
      e.sections.push_back(s);
    }
    if (shstrndx != 0) {
      if (shstrndx >= shnum)
        throw LoadError("ELF: e_shstrndx " + std::to_string(shstrndx) +
                        " is not a section index (e_shnum " + std::to_string(shnum) + ")");
      const ElfSection strtab = e.sections[shstrndx];
      if (strtab.type == kShtNobits)
        throw LoadError("ELF: section-name string table has no data (SHT_NOBITS)");
      for (unsigned i = 1; i < shnum; ++i)
        e.sections[i].name = str_at(f, strtab, name_offs[i], "section");
    }
  }

  // Symbols: .symtab if present (has every symbol), else .dynsym.
  const ElfSection* symtab = nullptr;
  for (const auto& s : e.sections)
    if (s.type == kShtSymtab) symtab = &s;
  if (!symtab)
    for (const auto& s : e.sections)
      if (s.type == kShtDynsym) symtab = &s;
  if (symtab) {
    if (symtab->entsize != 24)
      throw LoadError("ELF: symbol table " + symtab->name + ": sh_entsize " +
                      std::to_string(symtab->entsize) + ", expected 24");
    if (symtab->link == 0 || symtab->link >= e.sections.size())
      throw LoadError("ELF: symbol table " + symtab->name + ": sh_link " +
                      std::to_string(symtab->link) + " is not a string table section");
    const ElfSection& strtab = e.sections[symtab->link];
    if (strtab.type == kShtNobits)
      throw LoadError("ELF: symbol string table has no data (SHT_NOBITS)");
    uint64_t n = symtab->size / 24;
    for (uint64_t i = 1; i < n; ++i) {
      uint64_t o = symtab->offset + 24 * i;
      ElfSymbol s;
      s.name = str_at(f, strtab, f.u32(o, "st_name"), "symbol");
      uint8_t info = f.u8(o + 4, "st_info");
      s.type = info & 0xf;
      s.bind = info >> 4;
      s.shndx = f.u16(o + 6, "st_shndx");
      s.value = f.u64(o + 8, "st_value");
      s.size = f.u64(o + 16, "st_size");
      e.symbols.push_back(std::move(s));
    }
  }

  // Notes.
  for (unsigned i = 0; i < e.segments.size(); ++i) {
    const auto& s = e.segments[i];
    if (s.type == kPtNote)
      parse_notes(f, s.offset, s.filesz, "program header " + std::to_string(i), e.notes);
  }
  if (e.notes.empty())
    for (const auto& s : e.sections)
      if (s.type == kShtNote) parse_notes(f, s.offset, s.size, "section " + s.name, e.notes);
  return e;
}

std::vector<uint8_t> build_image(const ElfFile& elf) {
  uint64_t end = 0;
  for (const auto& s : elf.segments)
    if (s.type == kPtLoad) end = std::max(end, s.vaddr + s.memsz);  // checked in parse_elf
  std::vector<uint8_t> image(static_cast<size_t>(end), 0);
  for (const auto& s : elf.segments)
    if (s.type == kPtLoad && s.filesz)
      std::memcpy(image.data() + s.vaddr, elf.data + s.offset, static_cast<size_t>(s.filesz));
  return image;
}

}  // namespace rdna4emu::loader
