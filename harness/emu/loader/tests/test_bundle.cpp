// Clang offload bundles: uncompressed (clang-offload-bundler, the driver's
// default output, a host object's .hip_fatbin) and CCOB (zstd from the
// bundler and clang --offload-compress; zlib and v1 built by
// make_fixtures.py following OffloadBundler.h).
#include <cstring>

#include "fixtures.h"

namespace rdna4emu::loader {
uint64_t md5_first8(const uint8_t* data, size_t n);  // bundle.cpp
}

using namespace loader_test;
using rdna4emu::BundleEntry;
using rdna4emu::CodeObject;
using rdna4emu::NoBinaryForArch;

static std::vector<std::string> ids(const std::vector<BundleEntry>& es) {
  std::vector<std::string> v;
  for (const auto& e : es) v.push_back(e.id);
  return v;
}

TEST(Md5, KnownVectors) {
  // RFC 1321 test suite: MD5("") = d41d8cd98f00b204e9800998ecf8427e,
  // MD5("abc") = 900150983cd24fb0d6963f7d28e17f72; the CCOB hash is the
  // first 8 digest bytes read little-endian.
  EXPECT_EQ(rdna4emu::loader::md5_first8(nullptr, 0), 0x04b2008fd98c1dd4ull);
  const uint8_t abc[] = {'a', 'b', 'c'};
  EXPECT_EQ(rdna4emu::loader::md5_first8(abc, 3), 0xb04fd23c98500190ull);
  // 56..64-byte messages need a second padding block.
  std::string m = "12345678901234567890123456789012345678901234567890123456789012345678901234567890";
  // MD5 of that 80-digit string = 57edf4a22be3c955ac49da2e2107b67a
  EXPECT_EQ(rdna4emu::loader::md5_first8(reinterpret_cast<const uint8_t*>(m.data()), m.size()),
            0x55c9e32ba2f4ed57ull);
}

TEST(Bundle, UncompressedFromBundler) {
  auto b = read_fixture("multi.bundle");
  ASSERT_TRUE(rdna4emu::is_offload_bundle(b.data(), b.size()));
  auto es = rdna4emu::parse_offload_bundle(b.data(), b.size());
  EXPECT_EQ(ids(es), (std::vector<std::string>{"host-x86_64-unknown-linux-gnu-",
                                               "hipv4-amdgcn-amd-amdhsa--gfx1200",
                                               "hipv4-amdgcn-amd-amdhsa--gfx1201"}));
  EXPECT_TRUE(es[0].data.empty());
  EXPECT_EQ(es[1].data, read_fixture("args.gfx1200.elf"));
  EXPECT_EQ(es[2].data, read_fixture("args.c22.elf"));
  EXPECT_EQ(CodeObject::load_any(b.data(), b.size(), "gfx1201")->arch(), "gfx1201");
  EXPECT_EQ(CodeObject::load_any(b.data(), b.size(), "gfx1200")->arch(), "gfx1200");
  EXPECT_EQ(CodeObject::load_any(b.data(), b.size(), "gfx1201:xnack-")->arch(), "gfx1201");
  EXPECT_THROW(CodeObject::load_any(b.data(), b.size(), "gfx942"), NoBinaryForArch);
  // Two device entries and no architecture named: ambiguous, a clear error.
  EXPECT_LOAD_ERROR(CodeObject::load_any(b.data(), b.size(), ""), "name the architecture");
}

TEST(Bundle, DriverDefaultOutput) {
  for (const auto& v : compilers()) {
    SCOPED_TRACE("clang-" + v);
    auto b = read_fixture("args.c" + v + ".co");
    auto es = rdna4emu::parse_offload_bundle(b.data(), b.size());
    ASSERT_EQ(es.size(), 2u);
    EXPECT_EQ(es[1].id, "hipv4-amdgcn-amd-amdhsa--gfx1201");
    auto co = CodeObject::load_any(b.data(), b.size(), "gfx1201");
    EXPECT_EQ(co->kernels().size(), 7u);
    EXPECT_EQ(CodeObject::load_any(b.data(), b.size(), "")->arch(), "gfx1201");
  }
}

TEST(Bundle, HostObjectFatbin) {
  for (const auto& v : compilers()) {
    SCOPED_TRACE("clang-" + v);
    auto b = read_fixture("fatbin.c" + v + ".bin");
    auto es = rdna4emu::parse_offload_bundle(b.data(), b.size());
    ASSERT_EQ(es.size(), 3u);
    // clang-22 names it "host-x86_64-unknown-linux-gnu-", clang-19 "host-x86_64-unknown-linux--".
    EXPECT_EQ(es[0].id.rfind("host-x86_64-unknown-linux-", 0), 0u) << es[0].id;
    for (const char* arch : {"gfx1200", "gfx1201"}) {
      auto co = CodeObject::load_any(b.data(), b.size(), arch);
      EXPECT_EQ(co->arch(), arch);
      ASSERT_NE(co->find_kernel("k_hidden"), nullptr);
    }
    EXPECT_THROW(CodeObject::load_any(b.data(), b.size(), "gfx1100"), NoBinaryForArch);
  }
  auto c = read_fixture("fatbin.compressed.bin");
  ASSERT_EQ(0, std::memcmp(c.data(), "CCOB", 4));
  auto co = CodeObject::load_any(c.data(), c.size(), "gfx1201");
  EXPECT_EQ(co->kernels().size(), 7u);
}

TEST(Bundle, Ccob) {
  auto plain = read_fixture("multi.bundle");
  auto plain_es = rdna4emu::parse_offload_bundle(plain.data(), plain.size());
  for (const char* name :
       {"ccob.v2.zstd", "ccob.v3.zstd", "ccob.v1.zlib", "ccob.v2.zlib", "ccob.v3.zlib"}) {
    SCOPED_TRACE(name);
    auto b = read_fixture(name);
    ASSERT_EQ(0, std::memcmp(b.data(), "CCOB", 4));
    auto es = rdna4emu::parse_offload_bundle(b.data(), b.size());
    ASSERT_EQ(ids(es), ids(plain_es));
    for (size_t i = 0; i < es.size(); ++i) EXPECT_EQ(es[i].data, plain_es[i].data);
    EXPECT_EQ(CodeObject::load_any(b.data(), b.size(), "gfx1200")->arch(), "gfx1200");
    // A section's padding after a v2/v3 bundle is ignored (total size field).
    if (std::string(name).find("v1") == std::string::npos) {
      auto padded = b;
      padded.resize(b.size() + 13, 0);
      EXPECT_EQ(rdna4emu::parse_offload_bundle(padded.data(), padded.size()).size(), 3u);
    }
  }
  // The bundler's header: version and method where OffloadBundler.h puts them.
  auto v3 = read_fixture("ccob.v3.zstd");
  EXPECT_EQ(v3[4] | v3[5] << 8, 3);
  EXPECT_EQ(v3[6] | v3[7] << 8, 1);  // zstd
}

TEST(Bundle, GenericEntry) {
  auto b = read_fixture("generic.bundle");
  for (const char* arch : {"gfx1200", "gfx1201"}) {
    auto co = CodeObject::load_any(b.data(), b.size(), arch);
    EXPECT_EQ(co->arch(), "gfx12-generic");
  }
  EXPECT_THROW(CodeObject::load_any(b.data(), b.size(), "gfx1100"), NoBinaryForArch);
  // Exact entries win over the generic one.
  auto multi = read_fixture("multi.bundle");
  EXPECT_EQ(CodeObject::load_any(multi.data(), multi.size(), "gfx1201")->arch(), "gfx1201");
}

TEST(Bundle, NoBinaryForArch) {
  auto b = read_fixture("gfx1100.bundle");
  try {
    CodeObject::load_any(b.data(), b.size(), "gfx1201");
    ADD_FAILURE() << "no exception";
  } catch (const NoBinaryForArch& e) {
    std::string m = e.what();
    EXPECT_NE(m.find("gfx1201"), std::string::npos) << m;
    EXPECT_NE(m.find("hipv4-amdgcn-amd-amdhsa--gfx1100"), std::string::npos) << m;
  }
  EXPECT_NO_THROW(CodeObject::load_any(b.data(), b.size(), "gfx1100"));
}

// A v1 header (no total size) in front of the bundler's zstd payload, then
// padding as a section would add: the zstd frame's own length bounds it.
TEST(Bundle, CcobV1ZstdWithPadding) {
  auto v2 = read_fixture("ccob.v2.zstd");
  uint32_t total, raw;
  uint64_t hash;
  std::memcpy(&total, v2.data() + 8, 4);
  std::memcpy(&raw, v2.data() + 12, 4);
  std::memcpy(&hash, v2.data() + 16, 8);
  ASSERT_EQ(total, v2.size());
  std::vector<uint8_t> v1 = {'C', 'C', 'O', 'B', 1, 0, 1, 0};
  for (int i = 0; i < 4; ++i) v1.push_back(uint8_t(raw >> (8 * i)));
  for (int i = 0; i < 8; ++i) v1.push_back(uint8_t(hash >> (8 * i)));
  v1.insert(v1.end(), v2.begin() + 24, v2.end());
  auto es = rdna4emu::parse_offload_bundle(v1.data(), v1.size());
  EXPECT_EQ(es.size(), 3u);
  v1.resize(v1.size() + 16, 0);
  es = rdna4emu::parse_offload_bundle(v1.data(), v1.size());
  ASSERT_EQ(es.size(), 3u);
  EXPECT_EQ(es[2].data, read_fixture("args.c22.elf"));
  auto z = read_fixture("ccob.v1.zlib");
  z.resize(z.size() + 16, 0);
  EXPECT_EQ(rdna4emu::parse_offload_bundle(z.data(), z.size()).size(), 3u);
}

// An uncompressed bundle written from the layout in bundle.cpp's header
// comment; checked first against the bundler's own output byte for byte.
static std::vector<uint8_t> make_bundle(
    const std::vector<std::pair<std::string, std::vector<uint8_t>>>& entries) {
  std::vector<uint8_t> out(std::begin("__CLANG_OFFLOAD_BUNDLE__"),
                           std::end("__CLANG_OFFLOAD_BUNDLE__") - 1);
  auto u64 = [&](uint64_t v) {
    for (int i = 0; i < 8; ++i) out.push_back(uint8_t(v >> (8 * i)));
  };
  uint64_t offset = 24 + 8;
  for (const auto& e : entries) offset += 24 + e.first.size();
  u64(entries.size());
  for (const auto& e : entries) {
    u64(offset);
    u64(e.second.size());
    u64(e.first.size());
    out.insert(out.end(), e.first.begin(), e.first.end());
    offset += e.second.size();
  }
  for (const auto& e : entries) out.insert(out.end(), e.second.begin(), e.second.end());
  return out;
}

TEST(Bundle, EntryIdForms) {
  auto g1200 = read_fixture("args.gfx1200.elf");
  auto g1201 = read_fixture("args.c22.elf");
  auto generic = read_fixture("args.generic.elf");
  // The encoder reproduces clang-offload-bundler's output exactly.
  EXPECT_EQ(make_bundle({{"host-x86_64-unknown-linux-gnu-", {}},
                         {"hipv4-amdgcn-amd-amdhsa--gfx1200", g1200},
                         {"hipv4-amdgcn-amd-amdhsa--gfx1201", g1201}}),
            read_fixture("multi.bundle"));
  auto arch_of = [](const std::vector<uint8_t>& b, const std::string& want) {
    return CodeObject::load_any(b.data(), b.size(), want)->arch();
  };
  // Feature suffixes on the entry and on the request are ignored.
  auto feat = make_bundle({{"hipv4-amdgcn-amd-amdhsa--gfx1201:xnack-", g1201}});
  EXPECT_EQ(arch_of(feat, "gfx1201"), "gfx1201");
  EXPECT_EQ(arch_of(feat, "gfx1201:sramecc+"), "gfx1201");
  // Old five-part ids ("hip-<triple>-<proc>") and OpenMP entries.
  EXPECT_EQ(arch_of(make_bundle({{"hip-amdgcn-amd-amdhsa-gfx1200", g1200}}), "gfx1200"), "gfx1200");
  EXPECT_EQ(arch_of(make_bundle({{"openmp-amdgcn-amd-amdhsa--gfx1201", g1201}}), "gfx1201"), "gfx1201");
  // Exact processor beats the generic family, whatever the order.
  auto both = make_bundle({{"hipv4-amdgcn-amd-amdhsa--gfx12-generic", generic},
                           {"hipv4-amdgcn-amd-amdhsa--gfx1201", g1201}});
  EXPECT_EQ(arch_of(both, "gfx1201"), "gfx1201");
  EXPECT_EQ(arch_of(both, "gfx1200"), "gfx12-generic");
  // Non-amdgcn device entries are never picked.
  auto nv = make_bundle({{"hipv4-nvptx64-nvidia-cuda--sm_90", g1201}});
  EXPECT_THROW(CodeObject::load_any(nv.data(), nv.size(), "gfx1201"), NoBinaryForArch);
  EXPECT_THROW(CodeObject::load_any(nv.data(), nv.size(), ""), NoBinaryForArch);
  // An entry that claims gfx1201 but holds a gfx1200 code object.
  auto liar = make_bundle({{"hipv4-amdgcn-amd-amdhsa--gfx1201", g1200}});
  EXPECT_THROW(CodeObject::load_any(liar.data(), liar.size(), "gfx1201"), NoBinaryForArch);
}
