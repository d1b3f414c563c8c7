// Float VALU forms the golden files cannot write (harness/emu/tests/golden/vop_float.golden
// holds the other corner cases): the 32-bit (e32) encodings of 16-bit operands, where a VGPR
// field of 128 or more names the HIGH half of v(N-128). llvm-mc spells those operands
// v1.h only with -mattr=+real-true16, so the kernels carry the instruction as bytes (each
// encoding below was produced by `llvm-mc -triple=amdgcn -mcpu=gfx1201 -mattr=+real-true16
// -show-encoding` and is quoted next to it). Expected values are worked out by hand.
#include <gtest/gtest.h>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

struct Case {
  uint32_t v1, v2, v4_in, want;
  const char* why;
};

// Loads v1, v2 and v4 per lane (one lane per case), runs `op` (bytes), stores v4 (and v5).
void check(const std::string& name, const std::string& op, const std::vector<Case>& cases, int v5_want = -1) {
  if (!have_clang(22)) GTEST_SKIP() << "llvm 22 tools not installed";
  AsmKernel k;
  k.name = name;
  k.nptr = 2;
  k.body =
      "  s_load_b128 s[4:7], s[0:1], 0x0\n  s_wait_kmcnt 0\n  v_lshlrev_b32 v10, 2, v0\n"
      "  global_load_b32 v1, v10, s[4:5]\n  global_load_b32 v2, v10, s[4:5] offset:128\n"
      "  global_load_b32 v4, v10, s[4:5] offset:256\n  v_mov_b32 v5, 0\n  s_wait_loadcnt 0\n" +
      op + "\n  global_store_b32 v10, v4, s[6:7]\n  global_store_b32 v10, v5, s[6:7] offset:128\n  s_endpgm\n";
  Device d;
  std::vector<uint32_t> in(96, 0);
  for (size_t i = 0; i < cases.size(); ++i) {
    in[i] = cases[i].v1;
    in[32 + i] = cases[i].v2;
    in[64 + i] = cases[i].v4_in;
  }
  const uint64_t din = upload(d, in), dout = d.alloc(256);
  const AsmLaunch L = launch_asm(d, k, uint32_t(cases.size()), Args().add(din).add(dout));
  ASSERT_TRUE(L.ok);
  ASSERT_TRUE(L.r.ok()) << L.r.diagnostic;
  auto got = read_back<uint32_t>(d, dout, 64);
  for (size_t i = 0; i < cases.size(); ++i) {
    EXPECT_EQ(got[i], cases[i].want) << name << " case " << i << " (" << cases[i].why << ")" << std::hex
                                     << " v1=0x" << cases[i].v1 << " v2=0x" << cases[i].v2 << " got 0x" << got[i];
    if (v5_want >= 0) EXPECT_EQ(got[32 + i], uint32_t(v5_want)) << name << " case " << i << " (v5)";
  }
}

TEST(VopFloatE32Halves, AddF16HighHalves) {
  // v_add_f16_e32 v4.h, v1.h, v2.l  ; encoding: [0x81,0x05,0x08,0x65]
  check("e32_add_f16_hi", "  .byte 0x81,0x05,0x08,0x65",
        {{0x3c000000, 0x00004000, 0x0000abcd, 0x4200abcd, "hi(v1)=1 + lo(v2)=2 = 3 into v4[31:16]; v4[15:0] kept"},
         {0x4000ffff, 0xffff3c00, 0x12345678, 0x42005678, "the other halves of v1/v2 are not read"}});
}

TEST(VopFloatE32Halves, MaxNumF16ToLowHalf) {
  // v_max_num_f16_e32 v4.l, v1.h, v2.h  ; encoding: [0x81,0x05,0x09,0x62]
  check("e32_max_f16_hi", "  .byte 0x81,0x05,0x09,0x62",
        {{0x4400, 0x3c000000, 0xdead0000, 0xdead3c00, "max(hi(v1)=0, hi(v2)=1) = 1 in v4[15:0], v4[31:16] kept"},
         {0x7e000000, 0xc0000000, 0x00000000, 0x0000c000, "max_num(NaN, -2) = -2"}});
}

TEST(VopFloatE32Halves, ConversionsThroughHighHalves) {
  // v_cvt_f16_f32_e32 v4.h, v1  ; encoding: [0x01,0x15,0x08,0x7f]
  check("e32_cvt_f16_f32_hi", "  .byte 0x01,0x15,0x08,0x7f",
        {{0x3f800000, 0, 0x00001111, 0x3c001111, "f32 1.0 -> f16 0x3c00 into the high half"}});
  // v_cvt_f32_f16_e32 v4, v1.h  ; encoding: [0x81,0x17,0x08,0x7e]
  check("e32_cvt_f32_f16_hi", "  .byte 0x81,0x17,0x08,0x7e",
        {{0xc0003c00, 0, 0, 0xc0000000, "hi(v1) = f16 -2 -> f32 -2"}});
  // v_cvt_i16_f16_e32 v4.h, v1.h  ; encoding: [0x81,0xa7,0x08,0x7f]
  check("e32_cvt_i16_f16_hi", "  .byte 0x81,0xa7,0x08,0x7f",
        {{0xc7003c00, 0, 0x00002222, 0xfff92222, "hi(v1) = f16 -7 -> i16 -7 (0xfff9) into the high half"}});
  // v_frexp_exp_i16_f16_e32 v4.h, v1.l  ; encoding: [0x01,0xb5,0x08,0x7f]
  check("e32_frexp_exp_hi", "  .byte 0x01,0xb5,0x08,0x7f",
        {{0xffff4600, 0, 0x00003333, 0x00033333, "lo(v1) = 6 = 0.75 * 2^3 -> 3 into the high half"}});
  // v_cvt_pk_f32_fp8_e32 v[4:5], v1.h  ; encoding: [0x81,0xdd,0x08,0x7e]
  check("e32_cvt_pk_f32_fp8_hi", "  .byte 0x81,0xdd,0x08,0x7e",
        {{0x40380000, 0, 0, 0x3f800000, "hi(v1) = 0x4038: low byte fp8 1.0 -> v4, high byte 2.0 -> v5"}},
        0x40000000);
}

TEST(VopFloatE32Halves, LdexpAndFmamkF16) {
  // v_ldexp_f16_e32 v4.h, v1.l, v2.h  ; encoding: [0x01,0x05,0x09,0x77]
  check("e32_ldexp_f16_hi", "  .byte 0x01,0x05,0x09,0x77",
        {{0x00003c00, 0x00030000, 0x00004444, 0x48004444, "lo(v1)=1 * 2^hi(v2)=3 = 8 (0x4800) into the high half"},
         {0x00003c00, 0xfff00000, 0x0, 0x01000000, "exponent -16 (0xfff0 signed): 2^-16 = f16 denormal 0x0100"}});
  // v_fmamk_f16 v4.h, v1.h, 0x4000, v2.l  ; encoding: [0x81,0x05,0x08,0x6f,0x00,0x40,0x00,0x00]
  check("e32_fmamk_f16_hi", "  .byte 0x81,0x05,0x08,0x6f,0x00,0x40,0x00,0x00",
        {{0x42000000, 0x3c00, 0x5555, 0x47005555, "hi(v1)=3 * K=2 + lo(v2)=1 = 7 into the high half"}});
}

}  // namespace
