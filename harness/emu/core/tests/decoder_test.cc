// Decoder unit tests: hand-checked encodings (from llvm-mc -show-encoding,
// command in each comment) and robustness on arbitrary bytes.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <sstream>

#include "rdna4emu/core/decoder.h"
#include "rdna4emu/wmma.h"
#include "test_util.h"

using namespace rdna4emu::core;

namespace {

std::string dis(std::vector<uint8_t> b, int wave = 32, size_t* size = nullptr) {
  DecodeResult r = decode(b.data(), b.size(), wave);
  if (size) *size = r.insn.size;
  return r.ok ? format_insn(r.insn, wave) : "ERROR: " + r.error;
}

// An encoding and what it decodes to: the text and the size in bytes.
struct Known {
  std::vector<uint8_t> bytes;
  const char* text;
};
// Each row decoded in `wave`: its text, and its size is the whole row.
void expect_known(const std::vector<Known>& rows, int wave) {
  for (const Known& k : rows) {
    SCOPED_TRACE(k.text);
    size_t n = 0;
    EXPECT_EQ(dis(k.bytes, wave, &n), k.text) << "wave" << wave;
    EXPECT_EQ(n, k.bytes.size()) << "wave" << wave;
  }
}

// echo '<asm>' | llvm-mc -triple=amdgcn -mcpu=gfx1201 -show-encoding
TEST(Decoder, KnownEncodings) {
  expect_known({
      // docs/facts/isa.md#wmma-encoding
      {{0x08, 0x40, 0x40, 0xcc, 0x00, 0x09, 0x22, 0x1c}, "v_wmma_f32_16x16x16_f16 v[8:15], v[0:3], v[4:7], v[8:15]"},
      {{0x7c, 0x00, 0x05, 0xed, 0x01, 0x00, 0x02, 0x00, 0x02, 0x00, 0x00, 0x00}, "scratch_load_b32 v1, v2, off"},
      {{0xff, 0xff, 0xd8, 0xd8, 0x02, 0x00, 0x00, 0x01}, "ds_load_b32 v1, v2 offset:65535"},
      {{0x01, 0x82, 0x03, 0xd5, 0x02, 0x07, 0x02, 0x28}, "v_add_f32_e64 v1, -v2, |v3| clamp mul:2"},
      {{0x02, 0x07, 0x50, 0xc8, 0x05, 0x01, 0x04, 0x01, 0x00, 0x00, 0x80, 0x3f},
       "v_dual_fmaak_f32 v1, v2, v3, 0x3f800000 :: v_dual_mov_b32 v4, v5"},
      {{0xff, 0x01, 0x80, 0xbe, 0x9c, 0xff, 0xff, 0xff}, "s_mov_b64 s[0:1], 0xffffff9c"},
      {{0x06, 0x01, 0x01, 0xd5, 0x02, 0x0d, 0x02, 0x00}, "v_cndmask_b32_e64 v6, |v2|, v6, s0"},
  }, 32);
  // The same wave-size-dependent mask operand in wave64.
  expect_known({{{0x06, 0x01, 0x01, 0xd5, 0x02, 0x0d, 0x02, 0x00}, "v_cndmask_b32_e64 v6, |v2|, v6, s[0:1]"}}, 64);
}

TEST(Decoder, ErrorsAreReportedNotFatal) {
  EXPECT_EQ(dis({0x00, 0x00}), "ERROR: truncated: fewer than 4 bytes");
  EXPECT_NE(dis({0xff, 0x01, 0x80, 0xbe}).find("truncated"), std::string::npos);  // literal missing
  EXPECT_NE(dis({0x00, 0xff, 0x80, 0xbe}).find("unknown opcode"), std::string::npos);
  EXPECT_NE(dis({0x00, 0x00, 0x00, 0xfc}).find("unknown encoding family"), std::string::npos);
  EXPECT_NE(dis({0x00, 0x40, 0x40, 0xcc}).find("truncated"), std::string::npos);  // 8-byte VOP3P cut at 4
}

TEST(Decoder, ArbitraryBytesNeverCrashOrOverread) {
  std::mt19937_64 rng(12345);
  int ok = 0;
  for (int i = 0; i < 300000; ++i) {
    size_t len = 1 + rng() % 16;
    std::vector<uint8_t> b(len);
    for (auto& x : b) x = uint8_t(rng());
    // Bias towards valid family prefixes.
    if (len >= 4 && (i & 1)) {
      static const uint8_t tops[] = {0xbe, 0xbf, 0x80, 0xf4, 0x7e, 0x7c, 0x06, 0xd5, 0xd6, 0xd7, 0xcc, 0xc8, 0xd8, 0xec, 0xed, 0xee};
      b[3] = tops[rng() % sizeof tops];
    }
    DecodeResult r = decode(b.data(), b.size(), (i & 2) ? 64 : 32);
    if (r.ok) {
      ++ok;
      ASSERT_LE(r.insn.size, len) << "decoded size larger than the input";
      ASSERT_GE(r.insn.size, 4u);
      (void)format_insn(r.insn, (i & 2) ? 64 : 32);
    } else {
      ASSERT_FALSE(r.error.empty());
    }
  }
  EXPECT_GT(ok, 10000);
}

TEST(Decoder, TablesAreConsistent) {
  auto all = all_opinfos();
  EXPECT_GT(all.size(), 500u);
  for (const OpInfo* i : all) {
    ASSERT_NE(i->mnemonic, nullptr);
    EXPECT_EQ(find_opinfo(i->family, i->opcode), i->family == Family::VOPD ? find_opinfo(i->family, i->opcode) : i)
        << i->mnemonic;
    if (i->counter != Counter::None) {
      EXPECT_TRUE(i->family == Family::SMEM || i->family == Family::DS || i->family == Family::VFLAT ||
                  i->family == Family::VGLOBAL || i->family == Family::VSCRATCH || i->family == Family::VBUFFER)
          << i->mnemonic;
    }
  }
  const OpInfo* l = find_opinfo("global_load_b32");
  ASSERT_NE(l, nullptr);
  EXPECT_EQ(l->counter, Counter::LOAD);
  EXPECT_EQ(find_opinfo("global_store_b32")->counter, Counter::STORE);
  EXPECT_EQ(find_opinfo("ds_load_b32")->counter, Counter::DS);
  EXPECT_EQ(find_opinfo("s_load_b64")->counter, Counter::KM);
  EXPECT_TRUE(find_opinfo("v_wmma_f32_16x16x16_f16")->flags & F_WMMA);
}

// s_*_saveexec_b32 name ONE SGPR for D and S0 in wave64 as in wave32; the b64 forms
// take pairs. Bytes and text from
// echo '<asm>' | llvm-mc -triple=amdgcn -mcpu=gfx1201 -mattr=+wavefrontsize64 -show-encoding
// (llvm 19 and 22 agree, and llvm-objdump --mattr=+wavefrontsize64 prints the same).
TEST(Decoder, SaveexecB32TakesOneSgprInWave64) {
  for (int wave : {32, 64})
    expect_known({
        {{0x02, 0x20, 0x80, 0xbe}, "s_and_saveexec_b32 s0, s2"},
        {{0x6a, 0x22, 0x84, 0xbe}, "s_or_saveexec_b32 s4, vcc_lo"},
        {{0x7e, 0x24, 0x86, 0xbe}, "s_xor_saveexec_b32 s6, exec_lo"},
        {{0x09, 0x30, 0x88, 0xbe}, "s_and_not1_saveexec_b32 s8, s9"},
        {{0x85, 0x20, 0x8a, 0xbe}, "s_and_saveexec_b32 s10, 5"},
        {{0xff, 0x20, 0x8a, 0xbe, 0x45, 0x23, 0x01, 0x00}, "s_and_saveexec_b32 s10, 0x12345"},
        {{0x02, 0x21, 0x80, 0xbe}, "s_and_saveexec_b64 s[0:1], s[2:3]"},
    }, wave);
  // The decoded operands themselves (what the semantics read and the scoreboard tracks).
  const std::vector<uint8_t> b = {0x02, 0x20, 0x80, 0xbe};
  DecodeResult r = decode(b.data(), b.size(), 64);
  ASSERT_TRUE(r.ok) << r.error;
  EXPECT_EQ(r.insn.dst.nregs, 1);
  EXPECT_EQ(r.insn.src[0].nregs, 1);
}

// The same forms straight from LLVM: every saveexec line that llvm-mc encodes in wave64
// decodes (wave 64) to the text it was assembled from.
TEST(Decoder, SaveexecMatchesLlvmMcInWave64) {
  if (!rdna4test::have_clang(22)) GTEST_SKIP() << "llvm 22 tools not installed";
  const std::vector<std::string> lines = {
      "s_and_saveexec_b32 s0, s2",       "s_or_saveexec_b32 s4, vcc_lo",   "s_xor_saveexec_b32 s6, exec_lo",
      "s_and_not1_saveexec_b32 s8, s9",  "s_and_saveexec_b32 s10, -1",     "s_or_saveexec_b32 s11, 0x12345",
      "s_and_saveexec_b64 s[0:1], s[2:3]", "s_or_saveexec_b64 s[4:5], vcc", "s_xor_saveexec_b64 s[6:7], exec",
      "s_and_not1_saveexec_b64 s[8:9], s[10:11]"};
  std::string src = rdna4test::out_dir() + "/saveexec_w64.s";
  {
    FILE* f = std::fopen(src.c_str(), "w");
    ASSERT_NE(f, nullptr);
    for (const auto& l : lines) std::fprintf(f, "%s\n", l.c_str());
    std::fclose(f);
  }
  std::string out;
  int rc = rdna4test::run_cmd(rdna4test::llvm_tool(22, "llvm-mc") +
                                  " -triple=amdgcn -mcpu=gfx1201 -mattr=+wavefrontsize64 -show-encoding " + src,
                              &out);
  ASSERT_EQ(rc, 0) << out;
  size_t i = 0;
  std::istringstream is(out);
  for (std::string line; std::getline(is, line);) {
    size_t e = line.find("; encoding: [");
    if (e == std::string::npos) continue;
    ASSERT_LT(i, lines.size()) << out;
    std::vector<uint8_t> bytes;
    std::istringstream bs(line.substr(e + 13));
    for (std::string tok; std::getline(bs, tok, ',');) bytes.push_back(uint8_t(std::stoul(tok, nullptr, 16)));
    std::string want = lines[i++];
    std::string got = dis(bytes, 64);
    // llvm-mc prints 0x12345 and -1 as the source does; the decoder prints them the same way.
    EXPECT_EQ(got, want) << "llvm-mc: " << line;
  }
  EXPECT_EQ(i, lines.size()) << out;
}

// wmma/variants.def (the one list of WMMA variants) and isa/vop3p.csv agree: variant i of
// the table is the decode row at opcode base + i, with that mnemonic and the WMMA flags.
TEST(Decoder, WmmaVariantTableMatchesDecodeRows) {
  for (int i = 0; i < rdna4emu::wmma::kDenseCount; ++i) {
    auto v = rdna4emu::wmma::Dense(i);
    const OpInfo* o = find_opinfo(Family::VOP3P, rdna4emu::wmma::kDenseOpcodeBase + unsigned(i));
    ASSERT_NE(o, nullptr) << rdna4emu::wmma::dense_mnemonic(v);
    EXPECT_STREQ(o->mnemonic, rdna4emu::wmma::dense_mnemonic(v));
    EXPECT_TRUE(o->flags & F_WMMA) << o->mnemonic;
    EXPECT_FALSE(o->flags & F_SPARSE) << o->mnemonic;
    rdna4emu::wmma::Dense back;
    EXPECT_TRUE(rdna4emu::wmma::dense_from_opcode(o->opcode, &back));
    EXPECT_EQ(back, v);
  }
  for (int i = 0; i < rdna4emu::wmma::kSparseCount; ++i) {
    auto v = rdna4emu::wmma::Sparse(i);
    const OpInfo* o = find_opinfo(Family::VOP3P, rdna4emu::wmma::kSparseOpcodeBase + unsigned(i));
    ASSERT_NE(o, nullptr) << rdna4emu::wmma::sparse_mnemonic(v);
    EXPECT_STREQ(o->mnemonic, rdna4emu::wmma::sparse_mnemonic(v));
    EXPECT_TRUE((o->flags & F_WMMA) && (o->flags & F_SPARSE)) << o->mnemonic;
  }
  rdna4emu::wmma::Dense d;
  rdna4emu::wmma::Sparse sp;
  EXPECT_FALSE(rdna4emu::wmma::dense_from_opcode(rdna4emu::wmma::kDenseOpcodeBase + rdna4emu::wmma::kDenseCount, &d));
  EXPECT_FALSE(rdna4emu::wmma::sparse_from_opcode(rdna4emu::wmma::kSparseOpcodeBase - 1, &sp));
}

}  // namespace

// Register classes LLVM's disassembler enforces (core/operand_classes.cc). Base encodings from
// llvm-mc -show-encoding; the variants change one source field, and the expectation is what
// `llvm-mc --disassemble -mcpu=gfx1201` of LLVM 19 and 22 does with the same bytes: an operand
// printed with "/*Invalid register, operand has 'VReg_256' register class*/" or
// "/*Invalid immediate*/" (or the word refused) is an error here; one LLVM prints plainly decodes.
namespace {

// VOP3P word 1: src0 [8:0], src1 [17:9], src2 [26:18].
std::vector<uint8_t> with_src(std::vector<uint8_t> b, int field, unsigned code) {
  uint32_t w1 = uint32_t(b[4]) | uint32_t(b[5]) << 8 | uint32_t(b[6]) << 16 | uint32_t(b[7]) << 24;
  w1 = (w1 & ~(0x1ffu << (9 * field))) | code << (9 * field);
  for (int i = 0; i < 4; ++i) b[4 + i] = uint8_t(w1 >> (8 * i));
  if (code == 255) b.insert(b.end(), {0x00, 0x00, 0x80, 0x3f});  // literal 1.0
  return b;
}

std::string decode_error(const std::vector<uint8_t>& b, int wave) {
  DecodeResult r = decode(b.data(), b.size(), wave);
  return r.ok ? "" : r.error;
}

}  // namespace

TEST(Decoder, WmmaOperandsOutsideTheirRegisterClassAreIllegal) {
  // v_wmma_f32_16x16x16_f16 v[0:7], v[32:35], v[48:51], v[64:71] (wave32; the same bytes are
  // v[0:3], v[32:33], v[48:49], v[64:67] in wave64).
  const std::vector<uint8_t> wmma = {0x00, 0x40, 0x40, 0xcc, 0x20, 0x61, 0x02, 0x1d};
  // v_swmmac_f32_16x16x32_f16 v[0:7], v[32:35], v[48:55], v80
  const std::vector<uint8_t> swmmac = {0x00, 0x40, 0x50, 0xcc, 0x20, 0x61, 0x42, 0x1d};
  for (int wave : {32, 64}) {
    SCOPED_TRACE(wave);
    EXPECT_EQ(decode_error(wmma, wave), "");
    EXPECT_EQ(decode_error(swmmac, wave), "");
    // SGPR s8, vcc_lo, ttmp2, exec_lo, m0: LLVM "Invalid register" (or an invalid encoding).
    for (unsigned code : {8u, 106u, 110u, 126u, 125u}) {
      SCOPED_TRACE(code);
      EXPECT_NE(decode_error(with_src(wmma, 0, code), wave).find("WMMA/SWMMAC A (src0) must be a VGPR"), std::string::npos);
      EXPECT_NE(decode_error(with_src(wmma, 1, code), wave).find("B (src1) must be a VGPR"), std::string::npos);
      EXPECT_NE(decode_error(with_src(wmma, 2, code), wave).find("WMMA C (src2) must be a VGPR range or a constant"),
                std::string::npos);
      EXPECT_NE(decode_error(with_src(swmmac, 2, code), wave).find("SWMMAC index (src2) must be a VGPR"),
                std::string::npos);
    }
    // Inline constants 0, -1, 1.0 and a literal: "Invalid immediate" for A, B and the index;
    // a valid C (LLVM prints 0, -1, 1.0, lit(0x3f800000)).
    for (unsigned code : {128u, 193u, 242u, 255u}) {
      SCOPED_TRACE(code);
      EXPECT_NE(decode_error(with_src(wmma, 0, code), wave), "");
      EXPECT_NE(decode_error(with_src(wmma, 1, code), wave), "");
      EXPECT_NE(decode_error(with_src(swmmac, 2, code), wave), "");
      EXPECT_EQ(decode_error(with_src(wmma, 2, code), wave), "");
    }
    // src_shared_base (235), src_scc (253): LLVM 22 refuses the word (LLVM 19 prints them).
    EXPECT_NE(decode_error(with_src(wmma, 2, 235), wave), "");
    EXPECT_NE(decode_error(with_src(wmma, 2, 253), wave), "");
    // null (124): both LLVMs print `null` without a complaint.
    EXPECT_EQ(decode_error(with_src(wmma, 0, 124), wave), "");
    EXPECT_EQ(decode_error(with_src(wmma, 2, 124), wave), "");
  }
  // The reason names LLVM's register class.
  EXPECT_NE(decode_error(with_src(wmma, 2, 8), 32).find("'VReg_*' register class"), std::string::npos);
}

TEST(Decoder, LaneOperandsOutsideTheirRegisterClassAreIllegal) {
  struct Case {
    std::vector<uint8_t> bytes;
    const char* want;  // "" = decodes, else a substring of the error
  };
  const Case cases[] = {
      // v_readlane_b32 s1, v2, s3 (llvm-mc) and its src0 = s2 / 0, src1 = v3 / 1 variants.
      {{0x01, 0x00, 0x60, 0xd7, 0x02, 0x07, 0x00, 0x00}, ""},
      {{0x01, 0x00, 0x60, 0xd7, 0x02, 0x06, 0x00, 0x00}, "'VRegOrLds_32'"},
      {{0x01, 0x00, 0x60, 0xd7, 0x80, 0x06, 0x00, 0x00}, "v_readlane_b32 src0 must be a VGPR"},
      {{0x01, 0x00, 0x60, 0xd7, 0x02, 0x07, 0x02, 0x00}, "lane select must be an SGPR or a constant"},
      {{0x01, 0x00, 0x60, 0xd7, 0x02, 0x03, 0x01, 0x00}, ""},  // v_readlane_b32 s1, v2, 1
      // v_writelane_b32 v1, s2, s3; src0 = v2: 'SRegOrLds_32'; src0 = 0 and lane select s3: fine.
      {{0x01, 0x00, 0x61, 0xd7, 0x02, 0x06, 0x00, 0x00}, ""},
      {{0x01, 0x00, 0x61, 0xd7, 0x02, 0x07, 0x00, 0x00}, "'SRegOrLds_32'"},
      {{0x01, 0x00, 0x61, 0xd7, 0x80, 0x06, 0x00, 0x00}, ""},
      {{0x01, 0x00, 0x61, 0xd7, 0x02, 0x06, 0x02, 0x00}, "'SReg_32'"},
      // v_permlane16_b32 v1, v2, s3, s4; src0 = s2 / 0; src1, src2 = v3, v4; src1, src2 = null.
      {{0x01, 0x00, 0x5b, 0xd6, 0x02, 0x07, 0x10, 0x00}, ""},
      {{0x01, 0x00, 0x5b, 0xd6, 0x02, 0x06, 0x10, 0x00}, "v_permlane16_b32 src0 must be a VGPR"},
      {{0x01, 0x00, 0x5b, 0xd6, 0x80, 0x06, 0x10, 0x00}, "'VGPR_32'"},
      {{0x01, 0x00, 0x5b, 0xd6, 0x02, 0x07, 0x12, 0x04}, "v_permlane16_b32 src1 must be an SGPR or a constant"},
      {{0x01, 0x00, 0x5b, 0xd6, 0x02, 0xf9, 0xf0, 0x01}, ""},
      // v_permlane16_var_b32 v1, v2, v3; src0 = s2; src1 = s3.
      {{0x01, 0x00, 0x0f, 0xd7, 0x02, 0x07, 0x02, 0x00}, ""},
      {{0x01, 0x00, 0x0f, 0xd7, 0x02, 0x06, 0x02, 0x00}, "v_permlane16_var_b32 src0 must be a VGPR"},
      {{0x01, 0x00, 0x0f, 0xd7, 0x02, 0x07, 0x00, 0x00}, "v_permlane16_var_b32 src1 must be a VGPR"},
      // v_readfirstlane_b32 s1, v2 (VOP1 0x7e020502) and with src0 = s2.
      {{0x02, 0x05, 0x02, 0x7e}, ""},
      {{0x02, 0x04, 0x02, 0x7e}, "v_readfirstlane_b32 src0 must be a VGPR"},
  };
  for (const Case& c : cases) {
    std::ostringstream hex;
    for (uint8_t b : c.bytes) hex << std::hex << unsigned(b) << ' ';
    SCOPED_TRACE(hex.str());
    const std::string err = decode_error(c.bytes, 32);
    if (!*c.want) EXPECT_EQ(err, "");
    else EXPECT_NE(err.find(c.want), std::string::npos) << err;
  }
}
