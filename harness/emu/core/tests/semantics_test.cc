// Per-family semantics against hand-computed values: each case assembles a
// tiny kernel (llvm-mc) that loads a, b, c per lane, executes ONE instruction
// and stores the result. IEEE corner cases: NaN, infinities, denormals,
// rounding ties; integer overflow and carries.
#include <gtest/gtest.h>

#include <cmath>

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
  std::string err;
  std::string path = assemble(name, asm_text(k), &err);
  EXPECT_FALSE(path.empty()) << err;
  if (path.empty()) return {};
  auto co = load_co(path);
  Device d;
  std::vector<uint32_t> in(128, 0);
  for (size_t i = 0; i < cases.size(); ++i) {
    in[i] = cases[i].a;
    in[32 + i] = cases[i].b;
    in[64 + i] = cases[i].c;
    in[96 + i] = v4_init;
  }
  uint64_t din = upload(d, in), dout = d.alloc(128);
  const KernelInfo* ki = co->find_kernel(name);
  LaunchConfig cfg{{1, 1, 1}, {uint32_t(cases.size()), 1, 1}, 0};
  auto r = d.launch(*co, *ki, cfg, kernarg(*ki, Args().add(din).add(dout), cfg));
  EXPECT_TRUE(r.ok()) << r.diagnostic;
  if (diag) *diag = r.diagnostic;
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
  if (!have_clang(22)) GTEST_SKIP();
  check("ds_d16", "  s_mov_b32 m0, -1\n  ds_store_b32 v10, v1\n  s_wait_dscnt 0\n  v_mov_b32 v4, v2\n"
        "  ds_load_u16_d16 v4, v10\n  s_wait_dscnt 0\n  ds_load_u16_d16_hi v4, v10 offset:2\n  s_wait_dscnt 0",
        {{0xaaaabbbb, 0x11112222, 0, 0xaaaabbbb, "lo from LDS[0:2], hi from LDS[2:4]"}});
}

}  // namespace
