// Malformed inputs: each gives a LoadError naming the fault, never a crash.
// ELF offsets are found with the small independent reader below, not with
// the loader under test.
#include <cstring>
#include <functional>
#include <string>

#include "fixtures.h"
#include "note.h"

using namespace loader_test;
using rdna4emu::CodeObject;
using rdna4emu::LoadError;
using Bytes = std::vector<uint8_t>;

namespace {

template <typename T>
T rd(const Bytes& b, size_t off) {
  T v;
  std::memcpy(&v, b.data() + off, sizeof v);
  return v;
}
template <typename T>
void wr(Bytes& b, size_t off, T v) {
  std::memcpy(b.data() + off, &v, sizeof v);
}

struct Shdr {
  std::string name;
  uint32_t type;
  uint64_t addr, offset, size;
  size_t hdr;  // file offset of the header itself
};

std::vector<Shdr> sections(const Bytes& b) {
  uint64_t shoff = rd<uint64_t>(b, 40);
  uint16_t shnum = rd<uint16_t>(b, 60), shstrndx = rd<uint16_t>(b, 62);
  std::vector<Shdr> v;
  uint64_t stroff = rd<uint64_t>(b, shoff + 64 * shstrndx + 24);
  for (unsigned i = 0; i < shnum; ++i) {
    size_t h = shoff + 64 * i;
    Shdr s{reinterpret_cast<const char*>(b.data() + stroff + rd<uint32_t>(b, h)),
           rd<uint32_t>(b, h + 4), rd<uint64_t>(b, h + 16), rd<uint64_t>(b, h + 24),
           rd<uint64_t>(b, h + 32), h};
    v.push_back(s);
  }
  return v;
}
Shdr section(const Bytes& b, const std::string& name) {
  for (const auto& s : sections(b))
    if (s.name == name) return s;
  throw std::runtime_error("no section " + name);
}
// Program header index of the first segment of `type` (flags & want_flags).
size_t phdr(const Bytes& b, uint32_t type, uint32_t want_flags = 0) {
  uint64_t phoff = rd<uint64_t>(b, 32);
  for (unsigned i = 0; i < rd<uint16_t>(b, 56); ++i) {
    size_t h = phoff + 56 * i;
    if (rd<uint32_t>(b, h) == type && (rd<uint32_t>(b, h + 4) & want_flags) == want_flags) return h;
  }
  throw std::runtime_error("no such segment");
}
// File offset of the kernel descriptor of `kernel` (.kd in .symtab -> .rodata).
size_t kd_offset(const Bytes& b, const std::string& kernel) {
  Shdr symtab = section(b, ".symtab"), strtab = section(b, ".strtab"), ro = section(b, ".rodata");
  for (uint64_t o = symtab.offset; o < symtab.offset + symtab.size; o += 24) {
    std::string n = reinterpret_cast<const char*>(b.data() + strtab.offset + rd<uint32_t>(b, o));
    if (n == kernel + ".kd") return ro.offset + (rd<uint64_t>(b, o + 8) - ro.addr);
  }
  throw std::runtime_error("no kd");
}

Bytes elf() { return read_fixture("args.c22.elf"); }
void load(const Bytes& b) { CodeObject::load_elf(b.data(), b.size()); }
void load_any(const Bytes& b) { CodeObject::load_any(b.data(), b.size(), "gfx1201"); }

// One malformation of the fixture: what it changes and what the loader must say ("" = the
// changed file still loads).
struct Case {
  std::function<void(Bytes&)> mutate;
  const char* want;
};
// Writes v at file offset off.
template <typename T>
std::function<void(Bytes&)> set(size_t off, T v) {
  return [=](Bytes& b) { wr<T>(b, off, v); };
}
// Each case on a fresh copy of the fixture.
void expect_cases(const std::vector<Case>& cases) {
  for (size_t i = 0; i < cases.size(); ++i) {
    SCOPED_TRACE("case " + std::to_string(i) + ": " + cases[i].want);
    Bytes b = elf();
    cases[i].mutate(b);
    if (*cases[i].want) EXPECT_LOAD_ERROR(load(b), cases[i].want);
    else EXPECT_NO_THROW(load(b));
  }
}

}  // namespace

TEST(MalformedElf, EveryTruncation) {
  Bytes full = elf();
  ASSERT_NO_THROW(load(full));
  size_t fails = 0;
  for (size_t n = 0; n < full.size(); ++n) {
    Bytes t(full.begin(), full.begin() + n);
    try {
      load(t);
    } catch (const LoadError&) {
      ++fails;
    }
  }
  EXPECT_EQ(fails, full.size());  // the section headers are last: every cut is detected
  Bytes t(full.begin(), full.begin() + 40);
  EXPECT_LOAD_ERROR(load(t), "smaller than the 64-byte ELF64 header");
  EXPECT_LOAD_ERROR(load(Bytes(full.begin(), full.end() - 1)), "section header table");
}

TEST(MalformedElf, Header) {
  expect_cases({
      {set<uint16_t>(18, 62), "e_machine is 62, expected 224 (EM_AMDGPU)"},  // EM_X86_64
      {set<uint8_t>(0, 0x7e), "bad magic"},
      {set<uint8_t>(4, 1), "ELFCLASS64"},
      {set<uint8_t>(5, 2), "little-endian"},
      {set<uint8_t>(7, 0), "ELFOSABI_AMDGPU_HSA"},
      {set<uint16_t>(62, 200), "e_shstrndx 200"},
      {set<uint16_t>(54, 40), "e_phentsize"},
  });
}

TEST(MalformedElf, BadOffsetsAndSizes) {
  const Bytes b = elf();
  const size_t text = phdr(b, 1, 1);  // the executable PT_LOAD
  const Shdr sym = section(b, ".symtab"), strtab = section(b, ".strtab");
  expect_cases({
      // e_shoff: overflow when adding.
      {set<uint64_t>(40, 0xfffffffffffffff0ull), "section header table at 0xfffffffffffffff0"},
      {set<uint64_t>(32, b.size() - 8), "program header table"},
      // A PT_LOAD whose file bytes lie beyond the file (p_filesz, p_memsz).
      {[&](Bytes& c) {
         wr<uint64_t>(c, text + 32, c.size() * 2);
         wr<uint64_t>(c, text + 40, c.size() * 2);
       },
       "runs past the end of the file"},
      {set<uint64_t>(text + 40, 4), "larger than p_memsz"},  // p_memsz < p_filesz
      {set<uint64_t>(text + 16, 1ull << 40), "image limit"},  // p_vaddr far away
      // A section whose data lies beyond the file.
      {set<uint64_t>(sym.hdr + 24, b.size() - 8), "sh_offset"},
      {set<uint64_t>(sym.hdr + 56, 16), "sh_entsize 16, expected 24"},
      // Symbol names now outside their string table.
      {set<uint64_t>(strtab.hdr + 32, 1), "outside its string table"},
  });
}

TEST(MalformedElf, Notes) {
  Bytes b = elf();
  size_t note = phdr(b, 4);
  uint64_t off = rd<uint64_t>(b, note + 8);
  ASSERT_EQ(std::string(reinterpret_cast<const char*>(b.data() + off + 12)), "AMDGPU");
  uint32_t descsz = rd<uint32_t>(b, off + 4);
  size_t desc = off + 12 + 8;
  // Lying descriptor size.
  wr<uint32_t>(b, off + 4, 0x7fffffff);
  EXPECT_LOAD_ERROR(load(b), "exceed the note area");
  // Garbled MessagePack: a reserved type byte where the top-level map starts.
  b = elf();
  b[desc] = 0xc1;
  EXPECT_LOAD_ERROR(load(b), "MessagePack: reserved type byte 0xc1 at byte 0");
  // Truncated MessagePack: the note claims fewer bytes than the map needs.
  b = elf();
  wr<uint32_t>(b, off + 4, descsz - 40);
  wr<uint64_t>(b, note + 32, rd<uint64_t>(b, note + 32) - 40);  // p_filesz
  EXPECT_LOAD_ERROR(load(b), "MessagePack: truncated");
  // Garbled length inside: the top-level map claims 15 entries.
  b = elf();
  ASSERT_EQ(b[desc] & 0xf0, 0x80);  // a fixmap
  b[desc] = 0x8f;
  EXPECT_LOAD_ERROR(load(b), "MessagePack");
  // No metadata note at all.
  b = elf();
  wr<uint32_t>(b, off + 8, 33);
  EXPECT_LOAD_ERROR(load(b), "no NT_AMDGPU_METADATA note");
}

TEST(MalformedElf, Descriptors) {
  // Missing .kd symbol: rename it in the symbol string tables only.
  Bytes b = elf();
  for (const char* tab : {".strtab", ".dynstr"}) {
    Shdr s = section(b, tab);
    std::string hay(reinterpret_cast<const char*>(b.data() + s.offset), s.size);
    size_t at = hay.find(std::string("k_ptrs.kd\0", 10));
    ASSERT_NE(at, std::string::npos) << tab;
    b[s.offset + at + 8] = 'X';
  }
  EXPECT_LOAD_ERROR(load(b), "kernel 'k_ptrs': kernel descriptor symbol 'k_ptrs.kd' not found");
  const Bytes good = elf();
  const size_t kd = kd_offset(good, "k_ptrs");
  const int64_t entry = rd<int64_t>(good, kd + 16);  // kernel_code_entry_byte_offset
  const uint16_t props = rd<uint16_t>(good, kd + 56);  // kernel_code_properties
  expect_cases({
      {set<int64_t>(kd + 16, int64_t(1) << 40), "kernel 'k_ptrs': kernel_code_entry_byte_offset"},
      {set<int64_t>(kd + 16, -(int64_t(1) << 20)), "points outside the loaded image"},
      {set<int64_t>(kd + 16, entry + 4), "not 256-byte aligned"},
      // entry = the descriptor itself: not executable
      {set<int64_t>(kd + 16, 0), "not inside an executable PT_LOAD segment"},
      {set<uint32_t>(kd + 8, 999), "descriptor kernarg_size 999 disagrees with metadata"},
      {set<uint16_t>(kd + 56, uint16_t(props & ~(1u << 10))), "descriptor says wave64"},
      // gfx12 limits (target_limits.def): 64 KiB of LDS per workgroup; 256 * (2^18 - 1)
      // bytes of scratch per wave = 2,097,144 bytes per lane in wave32.
      {set<uint32_t>(kd + 0, 65537), "kernel 'k_ptrs': descriptor group_segment_fixed_size = 65537 exceeds "
                                     "gfx1201's 65536 bytes of LDS per workgroup"},
      {set<uint32_t>(kd + 0, 65536), ""},
      {set<uint32_t>(kd + 4, 11700000),  // 11.7 MB per lane
       "kernel 'k_ptrs': descriptor private_segment_fixed_size = 11700000 "
       "exceeds gfx1201's 2097144 bytes of private memory per lane (wave32)"},
      {set<uint32_t>(kd + 4, 2097144), ""},
      {set<uint32_t>(kd + 4, 2097145), "exceeds gfx1201's 2097144 bytes"},
      // e_flags: gfx942, but amdhsa.target says gfx1201
      {set<uint16_t>(48, 0x4c), "e_flags say gfx942"},
  });
}

// --- Metadata with hand-built MessagePack -----------------------------------

namespace {
struct MP {  // a tiny MessagePack writer for the tests
  Bytes b;
  MP& map(uint8_t n) { b.push_back(0x80 | n); return *this; }
  MP& arr(uint8_t n) { b.push_back(0x90 | n); return *this; }
  MP& str(const std::string& s) {
    b.push_back(0xd9);
    b.push_back(uint8_t(s.size()));
    b.insert(b.end(), s.begin(), s.end());
    return *this;
  }
  MP& num(uint32_t v) {
    b.push_back(0xce);
    for (int i = 3; i >= 0; --i) b.push_back(uint8_t(v >> (8 * i)));
    return *this;
  }
};
// One kernel, one argument; `mutate` picks which field is wrong.
Bytes metadata(const std::string& mutate) {
  MP m;
  m.map(3).str("amdhsa.version").arr(2).num(mutate == "version" ? 2 : 1).num(2);
  m.str("amdhsa.target").str("amdgcn-amd-amdhsa--gfx1201");
  m.str("amdhsa.kernels").arr(1);
  int fields = mutate == "noname" ? 10 : 11;
  m.map(uint8_t(fields));
  if (mutate != "noname") m.str(".name").str("k");
  m.str(".symbol").str("k.kd");
  m.str(".kernarg_segment_size").num(16);
  m.str(".group_segment_fixed_size").num(0);
  m.str(".private_segment_fixed_size").num(0);
  m.str(".wavefront_size").num(mutate == "wave16" ? 16 : 32);
  m.str(".sgpr_count").num(4);
  m.str(".vgpr_count").num(4);
  m.str(".kernarg_segment_align").num(8);
  m.str(".max_flat_workgroup_size").num(256);
  m.str(".args").arr(1).map(3);
  m.str(".offset");
  if (mutate == "offset_str") m.str("eight"); else m.num(mutate == "outside" ? 12 : 8);
  m.str(".size").num(mutate == "pointer_size" ? 4 : mutate == "hidden_size" ? 2 : 8);
  m.str(".value_kind").str(mutate == "kind_unknown"  ? "hidfen_group_size_x"
                           : mutate == "hidden_size" ? "hidden_block_count_x"
                                                     : "global_buffer");
  return m.b;
}
}  // namespace

TEST(MalformedMetadata, Fields) {
  using rdna4emu::loader::parse_metadata;
  Bytes ok = metadata("");
  auto md = parse_metadata(ok.data(), ok.size());
  ASSERT_EQ(md.kernels.size(), 1u);
  EXPECT_EQ(md.kernels[0].name, "k");
  EXPECT_EQ(md.kernels[0].max_flat_workgroup_size, 256u);
  EXPECT_EQ(md.kernels[0].args.at(0).offset, 8u);
  EXPECT_EQ(md.target, "amdgcn-amd-amdhsa--gfx1201");
  auto bad = [&](const char* m) {
    Bytes b = metadata(m);
    parse_metadata(b.data(), b.size());
  };
  EXPECT_LOAD_ERROR(bad("version"), "amdhsa.version 2.2 is not supported");
  EXPECT_LOAD_ERROR(bad("noname"), "kernel 0: missing required field .name");
  EXPECT_LOAD_ERROR(bad("wave16"), "kernel 'k': .wavefront_size is 16");
  EXPECT_LOAD_ERROR(bad("offset_str"), "kernel 'k' argument 0: .offset is a string");
  EXPECT_LOAD_ERROR(bad("outside"), "bytes [12, 20) lie outside the kernarg segment of 16 bytes");
  // One flipped byte in a hidden argument's kind must not turn it into an
  // explicit argument the runtime would copy from the caller's array.
  EXPECT_LOAD_ERROR(bad("kind_unknown"),
                    "kernel 'k' argument 0: .value_kind \"hidfen_group_size_x\" is not a known argument kind");
  EXPECT_LOAD_ERROR(bad("pointer_size"),
                    "kernel 'k' argument 0: .size 4 does not match .value_kind global_buffer (8 bytes)");
  // The runtime writes 4 bytes of hidden_block_count_x (CLR's uint32_t).
  EXPECT_LOAD_ERROR(bad("hidden_size"),
                    "kernel 'k' argument 0: .size 2 does not match .value_kind hidden_block_count_x (4 bytes)");
  Bytes top = {0x93, 0x01, 0x02, 0x03};
  EXPECT_LOAD_ERROR(parse_metadata(top.data(), top.size()), "top level: is a array");
}

// --- Bundles ------------------------------------------------------------------

TEST(MalformedBundle, Uncompressed) {
  Bytes good = read_fixture("multi.bundle");
  auto parse = [](const Bytes& b) { rdna4emu::parse_offload_bundle(b.data(), b.size()); };
  Bytes b = good;
  wr<uint64_t>(b, 24, 1ull << 60);
  EXPECT_LOAD_ERROR(parse(b), "entry count 1152921504606846976 cannot fit");
  b = good;
  wr<uint64_t>(b, 24, 0);
  EXPECT_LOAD_ERROR(parse(b), "no entries");
  // Entry 1 (gfx1200): offset past the end, then a size that lies.
  size_t e1 = 32 + 24 + rd<uint64_t>(b, 32 + 16);
  b = good;
  wr<uint64_t>(b, e1, good.size() + 100);
  EXPECT_LOAD_ERROR(parse(b), "offload bundle entry 1 ('hipv4-amdgcn-amd-amdhsa--gfx1200'): data");
  b = good;
  wr<uint64_t>(b, e1 + 8, ~0ull);
  EXPECT_LOAD_ERROR(parse(b), "runs past the end of the bundle");
  b = good;
  wr<uint64_t>(b, e1 + 16, 1ull << 62);
  EXPECT_LOAD_ERROR(parse(b), "offload bundle entry 1: id of");
  for (size_t n = 0; n < 200; ++n) {  // every cut inside the header
    Bytes t(good.begin(), good.begin() + n);
    EXPECT_THROW(parse(t), LoadError) << n;
  }
  // The gfx1201 entry's bytes are not an ELF.
  b = good;
  size_t e2 = e1 + 24 + rd<uint64_t>(b, e1 + 16);
  b[rd<uint64_t>(b, e2)] = 'X';
  EXPECT_LOAD_ERROR(load_any(b), "bundle entry 'hipv4-amdgcn-amd-amdhsa--gfx1201': ELF: bad magic");
}

TEST(MalformedBundle, Ccob) {
  auto parse = [](const Bytes& b) { rdna4emu::parse_offload_bundle(b.data(), b.size()); };
  for (const char* name : {"ccob.v2.zstd", "ccob.v3.zstd", "ccob.v1.zlib", "ccob.v2.zlib", "ccob.v3.zlib"}) {
    SCOPED_TRACE(name);
    Bytes good = read_fixture(name);
    uint16_t version = rd<uint16_t>(good, 4);
    size_t header = version == 1 ? 20 : version == 2 ? 24 : 32;
    // Corrupt payload bytes: caught by the decompressor or by the MD5 check.
    for (size_t pos : {header + 2, header + (good.size() - header) / 2, good.size() - 3}) {
      Bytes b = good;
      b[pos] ^= 0x5a;
      EXPECT_THROW(parse(b), LoadError) << "byte " << pos;
    }
    Bytes b = good;
    wr<uint16_t>(b, 4, 9);
    EXPECT_LOAD_ERROR(parse(b), "unsupported version 9");
    b = good;
    wr<uint16_t>(b, 6, 7);
    EXPECT_LOAD_ERROR(parse(b), "unknown compression method 7");
    b = good;
    wr<uint64_t>(b, header - 8, rd<uint64_t>(b, header - 8) ^ 1);
    EXPECT_LOAD_ERROR(parse(b), "hash mismatch");
    if (version >= 2) {
      b = good;
      if (version == 2) wr<uint32_t>(b, 8, uint32_t(good.size() + 1));
      else wr<uint64_t>(b, 8, good.size() + 1);
      EXPECT_LOAD_ERROR(parse(b), "total size");
      b = good;  // the uncompressed size lies
      if (version == 2) wr<uint32_t>(b, 12, rd<uint32_t>(b, 12) + 1);
      else wr<uint64_t>(b, 16, rd<uint64_t>(b, 16) + 1);
      EXPECT_THROW(parse(b), LoadError);
      b = good;
      if (version == 3) {
        wr<uint64_t>(b, 16, 1ull << 40);
        EXPECT_LOAD_ERROR(parse(b), "exceeds the loader's limit");
      }
    }
    for (size_t n = 0; n < good.size(); n += 7) {  // truncations
      Bytes t(good.begin(), good.begin() + n);
      EXPECT_THROW(parse(t), LoadError) << n;
    }
  }
}

TEST(MalformedInput, NotACodeObject) {
  Bytes junk = {'h', 'e', 'l', 'l', 'o', 0, 1, 2, 3};
  EXPECT_LOAD_ERROR(load_any(junk), "not an ELF, clang offload bundle or CCOB bundle (9 bytes, starting 68 65 6c");
  EXPECT_LOAD_ERROR(load_any(Bytes{}), "<empty>");
  EXPECT_LOAD_ERROR(CodeObject::load_any(nullptr, 0, "gfx1201"), "not an ELF");
  EXPECT_FALSE(rdna4emu::is_offload_bundle(nullptr, 0));
  EXPECT_LOAD_ERROR(rdna4emu::parse_offload_bundle(junk.data(), junk.size()), "not an offload bundle");
}
