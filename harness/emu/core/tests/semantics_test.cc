// Per-family semantics against hand-computed values: each case assembles a
// tiny kernel (llvm-mc) that loads a, b, c per lane, executes ONE instruction
// and stores the result. IEEE corner cases: NaN, infinities, denormals,
// rounding ties; integer overflow and carries.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

struct Case {
  uint32_t a, b, c, want;
  const char* why;
};

// Runs `op` (which reads v1, v2, v3 and writes v4; v5 = 0) for every case
// (one lane per case) and returns the per-lane v4.
std::vector<uint32_t> run_op(const std::string& name, const std::string& op, const std::vector<Case>& cases,
                             int denorm32 = 3, std::string* diag = nullptr, uint32_t v4_init = 0) {
  AsmKernel k;
  k.name = name;
  k.nptr = 2;
  k.denorm32 = denorm32;
  k.lds = 256;
  k.body =
      "  s_load_b128 s[4:7], s[0:1], 0x0\n  s_wait_kmcnt 0\n  v_lshlrev_b32 v10, 2, v0\n"
      "  global_load_b32 v1, v10, s[4:5]\n  global_load_b32 v2, v10, s[4:5] offset:128\n"
      "  global_load_b32 v3, v10, s[4:5] offset:256\n  global_load_b32 v4, v10, s[4:5] offset:384\n"
      "  v_mov_b32 v5, 0\n  s_wait_loadcnt 0\n" +
      op + "\n  global_store_b32 v10, v4, s[6:7]\n  s_endpgm\n";
  Device d;
  std::vector<uint32_t> in(128, 0);
  for (size_t i = 0; i < cases.size(); ++i) {
    in[i] = cases[i].a;
    in[32 + i] = cases[i].b;
    in[64 + i] = cases[i].c;
    in[96 + i] = v4_init;
  }
  uint64_t din = upload(d, in), dout = d.alloc(128);
  const AsmLaunch L = launch_asm(d, k, uint32_t(cases.size()), Args().add(din).add(dout));
  if (!L.ok) return {};
  EXPECT_TRUE(L.r.ok()) << L.r.diagnostic;
  if (diag) *diag = L.r.diagnostic;
  return read_back<uint32_t>(d, dout, cases.size());
}

void check(const std::string& name, const std::string& op, const std::vector<Case>& cases, int denorm32 = 3,
           uint32_t v4_init = 0) {
  if (!have_clang(22)) GTEST_SKIP() << "llvm 22 tools not installed";
  auto got = run_op(name, op, cases, denorm32, nullptr, v4_init);
  ASSERT_EQ(got.size(), cases.size());
  for (size_t i = 0; i < cases.size(); ++i)
    EXPECT_EQ(got[i], cases[i].want) << op << " case " << i << " (" << cases[i].why << "): a=0x" << std::hex
                                      << cases[i].a << " b=0x" << cases[i].b << " c=0x" << cases[i].c;
}

constexpr uint32_t kInf = 0x7f800000, kNInf = 0xff800000, kOne = 0x3f800000, kQNaN = 0x7fc00000;

TEST(SemanticsF32, AddRoundingDenormalsNaN) {
  check("add_f32", "  v_add_f32 v4, v1, v2",
        {{kOne, 0x40000000, 0, 0x40400000, "1 + 2 = 3"},
         {kInf, kNInf, 0, kQNaN, "inf + -inf = default NaN"},
         {0x00000001, 0x00000001, 0, 0x00000002, "denormals kept (FP_DENORM f32 = 3)"},
         {kOne, 0x33800000, 0, kOne, "1 + 2^-24: tie, rounds to even (down)"},
         {0x3f800001, 0x33800000, 0, 0x3f800002, "1+ulp + half ulp: tie, rounds to even (up)"},
         {0x7f800001, kOne, 0, 0x7fc00001, "sNaN quieted, payload kept"},
         {0x7f7fffff, 0x72800000, 0, 0x7f7fffff, "max + 2^102 (quarter ulp): stays max"},
         {0x7f7fffff, 0x73000000, 0, kInf, "max + 2^103 (half ulp): tie, max is odd -> inf"},
         {0x80000000, 0x00000000, 0, 0x00000000, "-0 + +0 = +0"},
         {0x80000000, 0x80000000, 0, 0x80000000, "-0 + -0 = -0"}});
}

TEST(SemanticsF32, FlushDenormalsWhenModeSaysSo) {
  check("mul_f32_ftz", "  v_mul_f32 v4, v1, v2",
        {{0x00800000, 0x3f000000, 0, 0x00000000, "2^-126 * 0.5 -> denormal flushed to +0 (FP_DENORM f32 = 0)"},
         {0x00000001, 0x4b000000, 0, 0x00000000, "denormal input flushed"},
         {kOne, 0x40000000, 0, 0x40000000, "normal values unaffected"}},
        0);
  check("mul_f32", "  v_mul_f32 v4, v1, v2",
        {{0x00800000, 0x3f000000, 0, 0x00400000, "2^-126 * 0.5 = 2^-127 (denormal kept)"},
         {0x00000001, 0x4b000000, 0, 0x00800000, "2^-149 * 2^23 = 2^-126 (smallest normal)"}});
}

TEST(SemanticsF32, FmaIsFused) {
  check("fma_f32", "  v_fma_f32 v4, v1, v2, v3",
        {{0x3f800001, 0x3f7ffffe, 0xbf800000, 0xa8800000, "(1+2^-23)(1-2^-23) - 1 = -2^-46: one rounding"},
         {kInf, 0, kOne, kQNaN, "inf * 0 = NaN"},
         {0x40000000, 0x40400000, 0x3f800000, 0x40e00000, "2*3+1 = 7"}});
  check("fmac_f32", "  v_fmac_f32 v4, v1, v2",
        {{0x40000000, 0x40400000, 0, 0x40e00000, "v4 (=1) += 2*3"}}, 3, kOne);
}

TEST(SemanticsF32, MinMaxNumAndCompare) {
  check("max_num_f32", "  v_max_num_f32 v4, v1, v2",
        {{kQNaN, kOne, 0, kOne, "max(NaN, 1) = 1"},
         {kOne, 0x7fa00000, 0, kOne, "max(1, sNaN) = 1"},
         {0x80000000, 0x00000000, 0, 0x00000000, "max(-0, +0) = +0"},
         {0x00000000, 0x80000000, 0, 0x00000000, "max(+0, -0) = +0"},
         {kNInf, 0xc0000000, 0, 0xc0000000, "max(-inf, -2) = -2"}});
  check("min_num_f32", "  v_min_num_f32 v4, v1, v2",
        {{0x00000000, 0x80000000, 0, 0x80000000, "min(+0, -0) = -0"}, {kQNaN, kQNaN, 0, kQNaN, "min(NaN, NaN) = NaN"}});
  check("cmp_f32", "  v_cmp_lt_f32 vcc_lo, v1, v2\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{kOne, 0x40000000, 0, 1, "1 < 2"},
         {kQNaN, kOne, 0, 0, "NaN < 1 is false"},
         {0x80000000, 0, 0, 0, "-0 < +0 is false"}});
  check("cmp_neq_f32", "  v_cmp_neq_f32 vcc_lo, v1, v2\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{kQNaN, kQNaN, 0, 1, "neq: unordered is true"}, {kOne, kOne, 0, 0, "1 neq 1 false"}});
  check("cmp_class_f32", "  v_cmp_class_f32 vcc_lo, v1, v2\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{0x7fa00000, 1, 0, 1, "sNaN is class bit 0"},
         {kQNaN, 2, 0, 1, "qNaN is class bit 1"},
         {0x00000001, 1u << 7, 0, 1, "+denormal is bit 7"},
         {0x80000000, 1u << 5, 0, 1, "-0 is bit 5"},
         {kOne, 1u << 9, 0, 0, "1.0 is not +inf"}});
}

TEST(SemanticsF32, Conversions) {
  check("cvt_i32_f32", "  v_cvt_i32_f32 v4, v1",
        {{0x406ccccd, 0, 0, 3, "3.7 -> 3 (toward zero)"},
         {0xc06ccccd, 0, 0, uint32_t(-3), "-3.7 -> -3"},
         {kQNaN, 0, 0, 0, "NaN -> 0"},
         {0x501502f9, 0, 0, 0x7fffffff, "1e10 saturates"},
         {0xd01502f9, 0, 0, 0x80000000, "-1e10 saturates"}});
  check("cvt_u32_f32", "  v_cvt_u32_f32 v4, v1",
        {{0xbf800000, 0, 0, 0, "-1 -> 0"}, {0x4f800000, 0, 0, 0xffffffff, "2^32 saturates"}});
  check("cvt_f16_f32", "  v_cvt_f16_f32 v4, v1",
        {{0x477ff000, 0, 0, 0x7c00, "65520 rounds (tie, to even) to +inf"},
         {0x477fe000, 0, 0, 0x7bff, "65504 = f16 max"},
         {0x3eaaaaab, 0, 0, 0x3555, "1/3 -> 0x3555"},
         {0x33000000, 0, 0, 0x0000, "2^-25: tie between 0 and 2^-24, to even (0)"},
         {0x33400000, 0, 0, 0x0001, "1.5 * 2^-25 rounds up to 2^-24"},
         {0xff800000, 0, 0, 0xfc00, "-inf"}},
        3, 0);
  check("cvt_f16_f32_keep", "  v_cvt_f16_f32 v4, v1",
        {{kOne, 0, 0, 0xabcd3c00, "16-bit result keeps the high half"}}, 3, 0xabcd1234);
  check("cvt_f32_f16", "  v_cvt_f32_f16 v4, v1",
        {{0x0001, 0, 0, 0x33800000, "smallest f16 denormal = 2^-24"},
         {0x7c00, 0, 0, kInf, "inf"},
         {0xfbff, 0, 0, 0xc77fe000, "-65504"},
         {0xdead3c00, 0, 0, kOne, "only the low half is read"}});
  check("rndne_f32", "  v_rndne_f32 v4, v1",
        {{0x40200000, 0, 0, 0x40000000, "2.5 -> 2"},
         {0x40600000, 0, 0, 0x40800000, "3.5 -> 4"},
         {0xbf000000, 0, 0, 0x80000000, "-0.5 -> -0"}});
  check("cvt_pk_rtz", "  v_cvt_pk_rtz_f16_f32 v4, v1, v2",
        {{0x3eaaaaab, 0x477ff000, 0, 0x7bff3555, "RTZ: 1/3 -> 0x3555, 65520 -> max (not inf)"}});
}

TEST(SemanticsF32, ModifiersAbsNegClampOmod) {
  check("add_mods", "  v_add_f32_e64 v4, -v1, |v2|",
        {{kOne, 0xc0000000, 0, kOne, "-1 + |-2| = 1"}});
  check("add_clamp", "  v_add_f32_e64 v4, v1, v2 clamp",
        {{kOne, kOne, 0, kOne, "clamp(2) = 1"}, {0xbf800000, 0, 0, 0, "clamp(-1) = 0"}, {kQNaN, 0, 0, 0, "clamp(NaN) = 0"}});
  check("add_omod", "  v_add_f32_e64 v4, v1, v2 mul:4",
        {{kOne, kOne, 0, 0x41000000, "(1+1)*4 = 8"}});
}

TEST(SemanticsF16, ArithmeticRounding) {
  check("add_f16", "  v_add_f16 v4, v1, v2",
        {{0x7bff, 0x4c00, 0, 0x7c00, "65504 + 16 = 65520: tie to even -> inf"},
         {0x3c00, 0x1000, 0, 0x3c00, "1 + 2^-11: tie -> 1 (even)"},
         {0x0001, 0x0001, 0, 0x0002, "f16 denormals kept"},
         {0x7e00, 0x3c00, 0, 0x7e00, "NaN"}},
        3, 0);
  check("fma_f16", "  v_fma_f16 v4, v1, v2, v3",
        {{0x3c01, 0x3bfe, 0xbc00, 0x8010, "(1+2^-10)(1-2^-10) - 1 = -2^-20 (f16 denormal 16 * 2^-24), fused"}}, 3, 0);
  check("mul_f16_keep", "  v_mul_f16 v4, v1, v2",
        {{0x4000, 0x4200, 0, 0x55554600, "2*3 = 6 in the low half, high half kept"}}, 3, 0x55550000);
}

TEST(SemanticsF16, MixedPrecisionFma) {
  check("fma_mix_f32", "  v_fma_mix_f32 v4, v1, v2, v3 op_sel_hi:[1,1,0]",
        {{0x3c00, 0x4000, 0x3f000000, 0x40200000, "f16 1 * f16 2 + f32 0.5 = 2.5"}});
  check("fma_mix_sel", "  v_fma_mix_f32 v4, -v1, v2, v3 op_sel:[1,0,0] op_sel_hi:[1,0,0]",
        {{0x3c000000, 0x40400000, 0x3f800000, 0xc0000000, "-(hi half 1.0) * f32 3 + 1 = -2"}});
  check("fma_mixlo", "  v_fma_mixlo_f16 v4, v1, v2, v3",
        {{0x3eaaaaab, 0x40400000, 0, 0x12343c00, "f32 (1/3 * 3) = 1.0 -> f16 low half, high kept"}}, 3, 0x12340000);
}

TEST(SemanticsInt, WraparoundCarriesShifts) {
  check("add_nc", "  v_add_nc_u32 v4, v1, v2", {{0xffffffff, 1, 0, 0, "wraps"}});
  check("add_co", "  v_add_co_u32 v4, vcc_lo, v1, v2\n  v_add_co_ci_u32 v4, vcc_lo, 0, v4, vcc_lo",
        {{0xffffffff, 1, 0, 1, "carry-out feeds carry-in"}, {5, 6, 0, 11, "no carry"}});
  check("sub_co", "  v_sub_co_u32 v4, vcc_lo, v1, v2\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{1, 2, 0, 1, "borrow"}, {2, 1, 0, 0, "no borrow"}, {7, 7, 0, 0, "equal: no borrow"}});
  check("sub_co_alias", "  v_sub_co_u32 v1, vcc_lo, v1, v2\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{0x79f22087, 0x79f22080, 0, 0, "dst aliases src0: borrow from the old value"}});
  check("mul_hi_i32", "  v_mul_hi_i32 v4, v1, v2",
        {{0x80000000, 0x80000000, 0, 0x40000000, "(-2^31)^2 >> 32"}, {0xffffffff, 2, 0, 0xffffffff, "-1*2 >> 32 = -1"}});
  check("mul_lo_u32", "  v_mul_lo_u32 v4, v1, v2", {{0x10000, 0x10000, 0, 0, "2^32 wraps to 0"}});
  check("mad_u64", "  v_mad_co_u64_u32 v[6:7], vcc_lo, v1, v2, v[1:2]\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{0xffffffff, 0xffffffff, 0, 1, "0xffffffff^2 + 0xffffffffffffffff carries out"}, {2, 3, 0, 0, "small"}});
  check("ashr", "  v_ashrrev_i32 v4, v1, v2", {{31, 0x80000000, 0, 0xffffffff, "sign fill"}, {33, 0x80000000, 0, 0xc0000000, "shift mod 32"}});
  check("lshl64", "  v_lshlrev_b64 v[4:5], v1, v[2:3]", {{36, 1, 0, 0, "low word of 1 << 36"}});
  check("bfe_i32", "  v_bfe_i32 v4, v1, v2, v3", {{0x00000f00, 8, 4, 0xffffffff, "field 0xf sign-extends"}, {0x12345678, 4, 8, 0x67, "positive field"}});
  check("bfe_u32", "  v_bfe_u32 v4, v1, v2, v3", {{0x12345678, 28, 8, 1, "field past bit 31"}});
  check("alignbit", "  v_alignbit_b32 v4, v1, v2, v3", {{0x11223344, 0x55667788, 8, 0x44556677, "{a,b} >> 8"}});
  check("perm", "  v_perm_b32 v4, v1, v2, v3",
        {{0x11223344, 0x55667788, 0x00010203, 0x88776655, "reverse bytes of src1"},
         {0x11223344, 0x55667788, 0x0c0c0c0d, 0x000000ff, "0x0c -> 0x00, 0x0d -> 0xff"}});
  check("bcnt", "  v_bcnt_u32_b32 v4, v1, v2", {{0xff00ff00, 3, 0, 19, "popcount + addend"}});
  check("clz", "  v_clz_i32_u32 v4, v1", {{0, 0, 0, 0xffffffff, "clz(0) = -1"}, {1, 0, 0, 31, "clz(1) = 31"}});
  check("mbcnt", "  v_mbcnt_lo_u32_b32 v4, -1, 0",
        {{0, 0, 0, 0, "lane 0"}, {0, 0, 0, 1, "lane 1"}, {0, 0, 0, 2, "lane 2"}});
}

TEST(SemanticsSalu, ScalarOpsAndScc) {
  // SALU results reach the VGPR through v_mov; SCC through s_cselect.
  check("s_add_scc", "  v_readfirstlane_b32 s8, v1\n  v_readfirstlane_b32 s9, v2\n  s_add_co_u32 s10, s8, s9\n"
        "  s_cselect_b32 s11, 1, 0\n  s_lshl_b32 s11, s11, 16\n  s_or_b32 s10, s10, s11\n  v_mov_b32 v4, s10",
        {{0xffffffff, 2, 0, 0x00010001, "carry sets SCC; sum wraps to 1"}});
  check("s_sub_i32", "  v_readfirstlane_b32 s8, v1\n  v_readfirstlane_b32 s9, v2\n  s_sub_co_i32 s10, s8, s9\n"
        "  s_cselect_b32 s11, 1, 0\n  v_mov_b32 v4, s11",
        {{0x80000000, 1, 0, 1, "signed overflow sets SCC"}});
  check("s_bfe_i64", "  v_readfirstlane_b32 s8, v1\n  v_readfirstlane_b32 s9, v2\n  s_bfe_i64 s[10:11], s[8:9], 0x200020\n"
        "  v_mov_b32 v4, s11",
        {{0, 0x80000000, 0, 0xffffffff, "high 32 bits sign-extended"}});
  check("s_lshl2_add", "  v_readfirstlane_b32 s8, v1\n  v_readfirstlane_b32 s9, v2\n  s_lshl2_add_u32 s10, s8, s9\n  v_mov_b32 v4, s10",
        {{3, 5, 0, 17, "(3 << 2) + 5"}});
}

TEST(SemanticsExec, CmpxAndSaveexecMasking) {
  // v_cmpx writes EXEC: only lanes with a < b store 1; others keep the initial 0... stored as 7.
  check("cmpx", "  v_mov_b32 v4, 7\n  s_mov_b32 s8, exec_lo\n  v_cmpx_lt_u32 v1, v2\n  v_mov_b32 v4, 1\n  s_mov_b32 exec_lo, s8",
        {{1, 2, 0, 1, "active"}, {3, 2, 0, 7, "masked off by v_cmpx"}, {2, 2, 0, 7, "equal: masked"}});
}

TEST(SemanticsLds, SixteenBitLoadsKeepOtherHalf) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  check("ds_d16", "  s_mov_b32 m0, -1\n  ds_store_b32 v10, v1\n  s_wait_dscnt 0\n  v_mov_b32 v4, v2\n"
        "  ds_load_u16_d16 v4, v10\n  s_wait_dscnt 0\n  ds_load_u16_d16_hi v4, v10 offset:2\n  s_wait_dscnt 0",
        {{0xaaaabbbb, 0x11112222, 0, 0xaaaabbbb, "lo from LDS[0:2], hi from LDS[2:4]"}});
}

// Every member of the families that share one helper in semantics.h (vop_carry_u32,
// vop_mad_co_64, vop_fma_mix, vop_cmp_class_*, vop_cvt_from_f32/f64), hand-computed.
// Carry-in per lane: c != 0 (v_cmp_ne_u32 into VCC).
TEST(SemanticsFamilies, CarryBorrowForms) {
  const std::string cin = "  v_cmp_ne_u32 vcc_lo, 0, v3\n";
  // s_wait_alu: VCC written by a VALU after a VALU read it (gfx12 VCC hazard, HAZARDS.md).
  const std::string flag = "\n  s_wait_alu depctr_va_vcc(0)\n  v_cndmask_b32 v4, 0, 1, vcc_lo";
  check("add_co_ci", cin + "  v_add_co_ci_u32 v4, vcc_lo, v1, v2, vcc_lo",
        {{0xffffffff, 0, 1, 0, "wraps with the carry-in"}, {0xfffffffe, 1, 0, 0xffffffff, "no carry-in"}});
  check("add_co_ci_flag", cin + "  v_add_co_ci_u32 v4, vcc_lo, v1, v2, vcc_lo" + flag,
        {{0xffffffff, 0, 1, 1, "carry-out from the carry-in alone"}, {0xfffffffe, 1, 0, 0, "no carry"}});
  check("sub_co_ci", cin + "  v_sub_co_ci_u32 v4, vcc_lo, v1, v2, vcc_lo",
        {{5, 3, 1, 1, "5 - 3 - 1"}, {3, 3, 1, 0xffffffff, "3 - 3 - 1 wraps"},
         {0, 0xffffffff, 1, 0, "S1 + borrow-in = 2^32"}});
  check("sub_co_ci_flag", cin + "  v_sub_co_ci_u32 v4, vcc_lo, v1, v2, vcc_lo" + flag,
        {{5, 3, 1, 0, "no borrow"}, {3, 3, 1, 1, "borrow from the borrow-in"},
         {0, 0xffffffff, 1, 1, "S1 + borrow-in > S0"}, {0xffffffff, 0xffffffff, 0, 0, "equal, no borrow-in"}});
  check("subrev_co", "  v_subrev_co_u32 v4, vcc_lo, v1, v2", {{1, 3, 0, 2, "3 - 1"}, {3, 1, 0, 0xfffffffe, "1 - 3"}});
  check("subrev_co_flag", "  v_subrev_co_u32 v4, vcc_lo, v1, v2" + flag,
        {{1, 3, 0, 0, "no borrow"}, {3, 1, 0, 1, "borrow"}, {3, 3, 0, 0, "equal"}});
  check("subrev_co_ci", cin + "  v_subrev_co_ci_u32 v4, vcc_lo, v1, v2, vcc_lo",
        {{3, 5, 1, 1, "5 - 3 - 1"}, {3, 3, 1, 0xffffffff, "wraps"}, {0xffffffff, 0, 1, 0, "S0 + borrow-in = 2^32"}});
  check("subrev_co_ci_flag", cin + "  v_subrev_co_ci_u32 v4, vcc_lo, v1, v2, vcc_lo" + flag,
        {{3, 5, 1, 0, "no borrow"}, {3, 3, 1, 1, "borrow-in"}, {0xffffffff, 0, 1, 1, "S0 + borrow-in > S1"}});
  check("subrev_co_alias", "  v_subrev_co_u32 v2, vcc_lo, v1, v2" + flag,
        {{0x79f22087, 0x79f22080, 0, 1, "dst aliases src1: borrow from the old value"}});
}

TEST(SemanticsFamilies, MadCo64) {
  // S2 = v[2:3]: low word = b, high word = c.
  const std::string mad_i = "  v_mad_co_i64_i32 v[6:7], vcc_lo, v1, v2, v[2:3]\n";
  check("mad_i64_lo", mad_i + "  v_mov_b32 v4, v6",
        {{0x80000000, 0x80000000, 0x40000000, 0x80000000, "2^62 + (2^62 + 2^31): low word"},
         {0xffffffff, 2, 0, 0, "-1 * 2 + 2 = 0"}});
  check("mad_i64_hi", mad_i + "  v_mov_b32 v4, v7",
        {{0x80000000, 0x80000000, 0x40000000, 0x80000000, "wraps to -2^63 + 2^31"},
         {0xffffffff, 2, 0, 0, "0"}, {0xffffffff, 1, 0xffffffff, 0xffffffff, "-1 + (-2^32 + 1) = -2^32: high word -1"}});
  check("mad_i64_ovf", mad_i + "  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{0x80000000, 0x80000000, 0x40000000, 1, "2^63 + 2^31 overflows int64"},
         {0xffffffff, 2, 0, 0, "no overflow"},
         {0x80000000, 0x7fffffff, 0x80000000, 1, "-2^62 + 2^31 + (-2^63 + 0x7fffffff) < -2^63"}});
  check("mad_u64_hi", "  v_mad_co_u64_u32 v[6:7], vcc_lo, v1, v2, v[2:3]\n  v_mov_b32 v4, v7",
        {{0xffffffff, 0xffffffff, 0, 0xffffffff, "(2^32-1)^2 + (2^32-1) = 2^64 - 2^32: high word"},
         {0xffffffff, 0xffffffff, 1, 0, "+ 2^32 more = 2^64 exactly: wraps to 0, high word 0"}});
}

TEST(SemanticsFamilies, FmaMixHighHalfAndClamp) {
  check("fma_mixhi", "  v_fma_mixhi_f16 v4, v1, v2, v3",
        {{0x3eaaaaab, 0x40400000, 0, 0x3c001234, "f32 (1/3 * 3) = 1.0 -> f16 high half, low kept"}}, 3, 0x00001234);
  check("fma_mixlo_clamp", "  v_fma_mixlo_f16 v4, v1, v2, v3 clamp",
        {{0x40000000, 0x40000000, 0, 0xabcd3c00, "clamp(4) = 1.0"}, {kQNaN, kOne, 0, 0xabcd0000, "clamp(NaN) = 0"}},
        3, 0xabcd0000);
  check("fma_mix_abs", "  v_fma_mix_f32 v4, |v1|, v2, -v3 op_sel_hi:[1,1,1]",
        {{0xbc00, 0x4000, 0x3c00, kOne, "|-1| * 2 - 1 = 1 (all f16 low halves)"}});
}

TEST(SemanticsFamilies, ClassAndCmpxClass) {
  check("cmp_class_f16", "  v_cmp_class_f16 vcc_lo, v1, v2\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{0x7d00, 1, 0, 1, "f16 sNaN: bit 0"}, {0x7e00, 2, 0, 1, "f16 qNaN: bit 1"},
         {0x8001, 1u << 4, 0, 1, "-denormal: bit 4"}, {0x0001, 1u << 7, 0, 1, "+denormal: bit 7"},
         {0x3c00, 1u << 7, 0, 0, "+normal is not bit 7"}});
  check("cmpx_class_f32", "  v_mov_b32 v4, 7\n  s_mov_b32 s8, exec_lo\n  v_cmpx_class_f32 v1, v2\n"
        "  v_mov_b32 v4, 1\n  s_mov_b32 exec_lo, s8",
        {{kInf, 1u << 9, 0, 1, "+inf: bit 9, lane stays on"}, {kInf, 1u << 2, 0, 7, "not -inf: lane off"},
         {0x80000000, 1u << 5, 0, 1, "-0: bit 5"}});
  check("cmpx_class_f64", "  v_mov_b32 v4, 7\n  s_mov_b32 s8, exec_lo\n  v_cmpx_class_f64 v[1:2], v3\n"
        "  v_mov_b32 v4, 1\n  s_mov_b32 exec_lo, s8",
        {{0, 0x7ff40000, 1u << 0, 1, "f64 sNaN: bit 0"}, {0, 0xfff00000, 1u << 2, 1, "-inf: bit 2"},
         {1, 0, 1u << 8, 7, "+denormal is not +normal"}});
  check("cmp_class_f64", "  v_cmp_class_f64 vcc_lo, v[1:2], v3\n  v_cndmask_b32 v4, 0, 1, vcc_lo",
        {{1, 0, 1u << 7, 1, "+denormal: bit 7"}, {0, 0x3ff00000, 1u << 8, 1, "1.0: bit 8"}});
}

TEST(SemanticsFamilies, ConversionsFromF64) {
  check("cvt_i32_f64", "  v_cvt_i32_f64 v4, v[1:2]",
        {{0, 0xc1e00000, 0, 0x80000000, "-2^31 exact"}, {0, 0xc1e00000 | 0x20, 0, 0x80000000, "below -2^31 saturates"},
         {0xffc00000, 0x41dfffff, 0, 0x7fffffff, "2^31 - 1 exact"}, {0xffe00000, 0x41dfffff, 0, 0x7fffffff, "2^31 - 0.5"},
         {0, 0xbff80000, 0, 0xffffffff, "-1.5 -> -1 (toward zero)"}, {0, 0x7ff80000, 0, 0, "NaN -> 0"}});
  check("cvt_u32_f64", "  v_cvt_u32_f64 v4, v[1:2]",
        {{0, 0xbff80000, 0, 0, "-1.5 -> 0"}, {0xffe00000, 0x41efffff, 0, 0xffffffff, "2^32 - 1"},
         {0x1eb851ec, 0x400feb85, 0, 3, "3.99 -> 3"}, {0, 0x7ff80000, 0, 0, "NaN -> 0"},
         {0, 0x42000000, 0, 0xffffffff, "2^33 saturates"}});
  check("cvt_f32_f64", "  v_cvt_f32_f64 v4, v[1:2]",
        {{0x55555555, 0x3fd55555, 0, 0x3eaaaaab, "1/3 rounds to nearest"},
         {0xc2f4d3cc, 0x7e37e43c, 0, kInf, "1e300 -> +inf"}});
  check("cvt_f32_f64_mods", "  v_cvt_f32_f64_e64 v4, -|v[1:2]| clamp",
        {{0, 0x40000000, 0, 0, "clamp(-|2|) = 0"}});
  check("cvt_f32_f64_neg", "  v_cvt_f32_f64_e64 v4, -v[1:2]",
        {{0x55555555, 0x3fd55555, 0, 0xbeaaaaab, "-(1/3)"}});
}

TEST(SemanticsFamilies, SixteenBitIntegerOps) {
  // The other half of the destination (0xabcd) is kept; S0 is the shift count of the *rev shifts.
  const uint32_t keep = 0xabcd0000;
  auto k = [](uint32_t lo) { return 0xabcd0000u | lo; };
  check("add_u16", "  v_add_nc_u16 v4, v1, v2", {{0xffff, 1, 0, k(0), "wraps in 16 bits"}}, 3, keep);
  check("sub_u16", "  v_sub_nc_u16 v4, v1, v2", {{0, 1, 0, k(0xffff), "wraps"}}, 3, keep);
  check("mul_lo_u16", "  v_mul_lo_u16 v4, v1, v2",
        {{0x100, 0x100, 0, k(0), "2^16 wraps"}, {0xffff, 0xffff, 0, k(1), "0xfffe0001 low half"}}, 3, keep);
  check("ashrrev_i16", "  v_ashrrev_i16 v4, v1, v2", {{17, 0x8000, 0, k(0xc000), "shift mod 16, sign fill"}}, 3, keep);
  check("lshrrev_b16", "  v_lshrrev_b16 v4, v1, v2", {{1, 0x8000, 0, k(0x4000), "zero fill"}}, 3, keep);
  check("lshlrev_b16", "  v_lshlrev_b16 v4, v1, v2", {{15, 3, 0, k(0x8000), "bits shifted out"}}, 3, keep);
  check("max_i16", "  v_max_i16 v4, v1, v2", {{0x8000, 0x7fff, 0, k(0x7fff), "signed"}}, 3, keep);
  check("max_u16", "  v_max_u16 v4, v1, v2", {{0x8000, 0x7fff, 0, k(0x8000), "unsigned"}}, 3, keep);
  check("min_i16", "  v_min_i16 v4, v1, v2", {{0x8000, 0x7fff, 0, k(0x8000), "signed"}}, 3, keep);
  check("min_u16", "  v_min_u16 v4, v1, v2", {{0x8000, 0x7fff, 0, k(0x7fff), "unsigned"}}, 3, keep);
  check("and_b16", "  v_and_b16 v4, v1, v2", {{0xff00, 0x0ff0, 0, k(0x0f00), ""}}, 3, keep);
  check("or_b16", "  v_or_b16 v4, v1, v2", {{0xff00, 0x0ff0, 0, k(0xfff0), ""}}, 3, keep);
  check("xor_b16", "  v_xor_b16 v4, v1, v2", {{0xff00, 0x0ff0, 0, k(0xf0f0), ""}}, 3, keep);
  check("not_b16", "  v_not_b16 v4, v1", {{0x123400ff, 0, 0, k(0xff00), "low half of S0 only"}}, 3, keep);
  check("add_u16_opsel", "  v_add_nc_u16 v4, v1, v2 op_sel:[1,0,1]",
        {{0x00050009, 0x00070003, 0, 0x00081234, "S0 high (5) + S1 low (3) into D high, D low kept"}}, 3,
        0xabcd1234);
}

TEST(SemanticsFamilies, ConversionsToF64) {
  check("cvt_f64_f32_hi", "  v_cvt_f64_f32_e64 v[6:7], -v1\n  v_mov_b32 v4, v7",
        {{0x3eaaaaab, 0, 0, 0xbfd55555, "-(f32 1/3), exact: high word"}, {kInf, 0, 0, 0xfff00000, "-inf"}});
  check("cvt_f64_f32_lo", "  v_cvt_f64_f32 v[6:7], v1\n  v_mov_b32 v4, v6",
        {{0x3eaaaaab, 0, 0, 0x60000000, "f32 1/3 widened: low word"}});
  check("cvt_f64_i32", "  v_cvt_f64_i32 v[6:7], v1\n  v_mov_b32 v4, v7",
        {{0x80000000, 0, 0, 0xc1e00000, "-2^31"}, {0xffffffff, 0, 0, 0xbff00000, "-1"}});
  check("cvt_f64_u32", "  v_cvt_f64_u32 v[6:7], v1\n  v_mov_b32 v4, v7",
        {{0x80000000, 0, 0, 0x41e00000, "2^31 (unsigned)"}, {0xffffffff, 0, 0, 0x41efffff, "2^32 - 1: high word"}});
  check("cvt_f64_u32_lo", "  v_cvt_f64_u32 v[6:7], v1\n  v_mov_b32 v4, v6",
        {{0xffffffff, 0, 0, 0xffe00000, "2^32 - 1: low word"}});
}

// s_*_saveexec_b32 act on EXEC_LO and ONE SGPR for D and S0, in wave32 and in wave64
// (`llvm-mc -mattr=+wavefrontsize64` encodes `s_and_saveexec_b32 s11, s10` with single
// SGPRs; the b64 forms take pairs). Each run: EXEC = {hi, lo}, s10 = S0, s12 = a canary
// after D = s11; stores D, s12, SCC, EXEC_LO, EXEC_HI after the instruction.
struct SaveexecOut {
  uint32_t d, canary, scc, exec_lo, exec_hi;
};
std::string hex32(uint32_t x) {
  char h[16];
  std::snprintf(h, sizeof h, "0x%x", x);
  return h;
}
SaveexecOut run_saveexec(const std::string& name, const std::string& insn, bool wave64, uint32_t lo, uint32_t hi,
                         uint32_t s0) {
  std::string body = "  s_load_b64 s[4:5], s[0:1], 0x0\n  s_wait_kmcnt 0\n  s_mov_b32 s10, " + hex32(s0) +
                     "\n  s_mov_b32 s11, 0xdeadbeef\n  s_mov_b32 s12, 0x12345678\n  s_mov_b32 exec_lo, " + hex32(lo) +
                     "\n" + (wave64 ? "  s_mov_b32 exec_hi, " + hex32(hi) + "\n" : "") + "  " + insn +
                     "\n  s_cselect_b32 s13, 1, 0\n  s_mov_b32 s14, exec_lo\n" +
                     (wave64 ? "  s_mov_b32 s15, exec_hi\n  s_mov_b32 exec_hi, 0\n" : "  s_mov_b32 s15, 0\n") +
                     "  s_mov_b32 exec_lo, 1\n  v_mov_b32 v0, 0\n  v_mov_b32 v1, s11\n  v_mov_b32 v2, s12\n"
                     "  v_mov_b32 v3, s13\n  v_mov_b32 v4, s14\n  v_mov_b32 v5, s15\n"
                     "  global_store_b128 v0, v[1:4], s[4:5]\n  global_store_b32 v0, v5, s[4:5] offset:16\n  s_endpgm\n";
  AsmKernel k;
  k.name = name;
  k.wave64 = wave64;
  k.body = body;
  Device d;
  uint64_t out = d.alloc(32);
  const AsmLaunch L = launch_asm(d, k, wave64 ? 64u : 32u, Args().add(out));
  if (!L.ok) return {};
  EXPECT_TRUE(L.r.ok()) << L.r.diagnostic;
  auto v = read_back<uint32_t>(d, out, 5);
  return {v[0], v[1], v[2], v[3], v[4]};
}

TEST(SemanticsExec, SaveexecB32IsExecLoAndOneSgprInBothWaveSizes) {
  if (!have_clang(22)) GTEST_SKIP() << "llvm 22 tools not installed";
  const uint32_t lo = 0xf0f0f0f0, hi = 0x0000ffff, s0 = 0xff00ff00;
  struct {
    const char* op;
    uint32_t s0, want_lo;
  } cases[] = {
      {"s_and_saveexec_b32", s0, 0xf000f000},
      {"s_or_saveexec_b32", s0, 0xfff0fff0},
      {"s_xor_saveexec_b32", s0, 0x0ff00ff0},
      {"s_and_not1_saveexec_b32", s0, 0x0f000f00},  // S0 & ~EXEC_LO
      {"s_and_saveexec_b32", 0x0f0f0f0f, 0},        // EXEC_LO = 0: SCC = 0 even with EXEC_HI != 0
  };
  int n = 0;
  for (bool w64 : {false, true}) {
    for (const auto& c : cases) {
      std::string name = std::string("saveexec") + (w64 ? "64_" : "32_") + std::to_string(n++);
      SaveexecOut o = run_saveexec(name, std::string(c.op) + " s11, s10", w64, lo, hi, c.s0);
      std::string what = std::string(c.op) + (w64 ? " wave64" : " wave32");
      EXPECT_EQ(o.d, lo) << what << ": D = the old EXEC_LO";
      EXPECT_EQ(o.canary, 0x12345678u) << what << ": the SGPR after D is not written";
      EXPECT_EQ(o.exec_lo, c.want_lo) << what;
      EXPECT_EQ(o.scc, c.want_lo != 0 ? 1u : 0u) << what << ": SCC = EXEC_LO != 0";
      EXPECT_EQ(o.exec_hi, w64 ? hi : 0u) << what << ": EXEC_HI unchanged";
    }
  }
  // D may be S0: S0 is read before D is written.
  SaveexecOut o = run_saveexec("saveexec64_alias", "s_and_saveexec_b32 s10, s10", true, lo, hi, s0);
  EXPECT_EQ(o.exec_lo, 0xf000f000u);
  EXPECT_EQ(o.exec_hi, hi);
  // The b64 form in wave64 takes pairs: D = s[10:11] = EXEC, S0 = s[10:11] before the write
  // (s11 was 0xdeadbeef), EXEC = S0 & EXEC over 64 bits.
  o = run_saveexec("saveexec64_b64", "s_and_saveexec_b64 s[10:11], s[10:11]", true, lo, hi, s0);
  EXPECT_EQ(o.d, hi) << "s11 = the old EXEC_HI";
  EXPECT_EQ(o.exec_lo, 0xf000f000u);
  EXPECT_EQ(o.exec_hi, 0xdeadbeefu & hi);
  EXPECT_EQ(o.scc, 1u);
  EXPECT_EQ(o.canary, 0x12345678u);
}

}  // namespace
