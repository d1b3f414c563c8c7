// DPP16 / DPP8: lane selection per control (unit tests of dpp.h) and end-to-end
// kernels that run one DPP instruction and store every lane's result.
//
// Expected values are worked out by hand from the AMD RDNA4 ISA reference guide's
// DPP description (rows of 16 lanes; quad_perm, row_shl/shr/ror, row_mirror,
// row_half_mirror, row_share, row_xmask; row_mask / bank_mask; bound_ctrl; fi) and
// LLVM's AMDGPUModifierSyntax.rst (DPP8, fi). Where the guide is not explicit the
// emulator's choice is an UNVERIFIED model (dpp16_invalid_source, dpp8_inactive_source).
#include <gtest/gtest.h>

#include <cstdio>
#include <string>
#include <vector>

#include "dpp.h"
#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;
using rdna4emu::core::dpp16_source_lane;
using rdna4emu::core::dpp8_source_lane;

namespace {

struct LaneCase {
  unsigned lane;
  int src;  // -1: outside the row
};

void expect_lanes(unsigned ctrl, const std::vector<LaneCase>& cases, const char* what) {
  for (const LaneCase& c : cases)
    EXPECT_EQ(dpp16_source_lane(ctrl, c.lane), c.src) << what << " lane " << c.lane;
}

TEST(DppLanes, QuadPerm) {
  // quad_perm:[3,2,1,0] = 0b00011011 = 0x1b: each group of four reversed.
  expect_lanes(0x1b, {{0, 3}, {1, 2}, {2, 1}, {3, 0}, {4, 7}, {7, 4}, {30, 29}, {63, 60}}, "quad_perm:[3,2,1,0]");
  // quad_perm:[0,1,2,3] = 0xe4 is the identity.
  expect_lanes(0xe4, {{0, 0}, {5, 5}, {17, 17}, {62, 62}}, "quad_perm:[0,1,2,3]");
  // quad_perm:[1,1,1,1] = 0x55: every lane reads lane 1 of its quad.
  expect_lanes(0x55, {{0, 1}, {3, 1}, {4, 5}, {42, 41}}, "quad_perm:[1,1,1,1]");
}

TEST(DppLanes, RowShiftLeftRight) {
  expect_lanes(0x101, {{0, 1}, {14, 15}, {15, -1}, {16, 17}, {31, -1}, {47, -1}, {48, 49}}, "row_shl:1");
  expect_lanes(0x10f, {{0, 15}, {1, -1}, {16, 31}, {17, -1}}, "row_shl:15");
  expect_lanes(0x113, {{0, -1}, {2, -1}, {3, 0}, {15, 12}, {16, -1}, {19, 16}, {63, 60}}, "row_shr:3");
  expect_lanes(0x11f, {{14, -1}, {15, 0}, {31, 16}, {30, -1}}, "row_shr:15");
}

TEST(DppLanes, RowRotate) {
  // row_ror:n: lane l of a row reads lane (l - n) mod 16 of the same row.
  expect_lanes(0x121, {{0, 15}, {1, 0}, {15, 14}, {16, 31}, {17, 16}, {32, 47}}, "row_ror:1");
  expect_lanes(0x12f, {{0, 1}, {14, 15}, {15, 0}, {31, 16}}, "row_ror:15");
}

TEST(DppLanes, Mirrors) {
  expect_lanes(0x140, {{0, 15}, {5, 10}, {15, 0}, {16, 31}, {31, 16}, {40, 39}}, "row_mirror");
  expect_lanes(0x141, {{0, 7}, {7, 0}, {8, 15}, {15, 8}, {20, 19}, {24, 31}}, "row_half_mirror");
}

TEST(DppLanes, ShareAndXmask) {
  expect_lanes(0x150, {{0, 0}, {15, 0}, {16, 16}, {33, 32}}, "row_share:0");
  expect_lanes(0x155, {{0, 5}, {15, 5}, {16, 21}, {47, 37}}, "row_share:5");
  expect_lanes(0x15f, {{3, 15}, {20, 31}}, "row_share:15");
  expect_lanes(0x165, {{0, 5}, {1, 4}, {5, 0}, {16, 21}, {18, 23}, {63, 58}}, "row_xmask:5");
  expect_lanes(0x16f, {{0, 15}, {15, 0}, {17, 30}}, "row_xmask:15");
  expect_lanes(0x160, {{9, 9}, {25, 25}}, "row_xmask:0");
}

TEST(DppLanes, ReservedControls) {
  for (unsigned c : {0x100u, 0x110u, 0x120u, 0x130u, 0x142u, 0x170u, 0x1ffu})
    EXPECT_EQ(dpp16_source_lane(c, 3), -1) << std::hex << c;
}

TEST(DppLanes, Dpp8) {
  // dpp8:[7,6,5,4,3,2,1,0]: lane_sel[i] = 7 - i, packed 3 bits each from bit 0.
  uint32_t rev = 0;
  for (unsigned i = 0; i < 8; ++i) rev |= (7u - i) << (3 * i);
  EXPECT_EQ(dpp8_source_lane(rev, 0), 7);
  EXPECT_EQ(dpp8_source_lane(rev, 7), 0);
  EXPECT_EQ(dpp8_source_lane(rev, 8), 15);
  EXPECT_EQ(dpp8_source_lane(rev, 9), 14);
  EXPECT_EQ(dpp8_source_lane(rev, 63), 56);
  EXPECT_EQ(dpp8_source_lane(0x249249u /* all 1 */, 21), 17);
}

// ---- end to end --------------------------------------------------------------------
// v1 = 100 + lane, v4 = 0xdead (the "old" destination), v5 = 1.0f, v6 = float(lane),
// v7 = 105, v8 = 1000; then `op`, then every lane's v4 is stored.
constexpr uint32_t kOld = 0xdead;

std::vector<uint32_t> run_dpp(const std::string& name, const std::string& op, bool wave64 = false) {
  AsmKernel k;
  k.name = name;
  k.nptr = 1;
  k.wave64 = wave64;
  const unsigned W = wave64 ? 64 : 32;
  k.body =
      "  s_load_b64 s[4:5], s[0:1], 0x0\n  s_wait_kmcnt 0\n  v_lshlrev_b32 v10, 2, v0\n"
      "  v_add_nc_u32 v1, 100, v0\n  v_mov_b32 v4, 0xdead\n  v_mov_b32 v5, 1.0\n"
      "  v_cvt_f32_u32 v6, v0\n  v_mov_b32 v7, 105\n  v_mov_b32 v8, 1000\n  s_nop 1\n" +
      op + "\n  s_nop 1\n  global_store_b32 v10, v4, s[4:5]\n  s_endpgm\n";
  Device d;
  uint64_t out = d.alloc(W * 4);
  std::vector<uint32_t> zero(W, 0);
  d.write(out, zero.data(), W * 4);
  const AsmLaunch L = launch_asm(d, k, W, Args().add(out));
  if (!L.ok) return {};
  EXPECT_TRUE(L.r.ok()) << L.r.diagnostic;
  return read_back<uint32_t>(d, out, W);
}

void expect_at(const std::vector<uint32_t>& got, const std::vector<std::pair<unsigned, uint32_t>>& want,
               const char* what) {
  for (auto [lane, v] : want) {
    ASSERT_LT(lane, got.size()) << what;
    EXPECT_EQ(got[lane], v) << what << " lane " << lane << std::hex << " got 0x" << got[lane] << " want 0x" << v;
  }
}

TEST(DppExec, QuadPermAndMirror) {
  auto g = run_dpp("dpp_qp", "  v_mov_b32_dpp v4, v1 quad_perm:[3,2,1,0] row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 103}, {1, 102}, {3, 100}, {4, 107}, {31, 128}}, "quad_perm:[3,2,1,0]");
  g = run_dpp("dpp_mirror", "  v_mov_b32_dpp v4, v1 row_mirror row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 115}, {15, 100}, {16, 131}, {31, 116}}, "row_mirror");
  g = run_dpp("dpp_hmirror", "  v_mov_b32_dpp v4, v1 row_half_mirror row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 107}, {7, 100}, {8, 115}, {17, 122}}, "row_half_mirror");
}

TEST(DppExec, ShiftOutOfRowBoundCtrl) {
  // row_shl:1: lane 15 and 31 have no source. bound_ctrl:0: not written (keeps 0xdead).
  auto g = run_dpp("dpp_shl", "  v_mov_b32_dpp v4, v1 row_shl:1 row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 101}, {14, 115}, {15, kOld}, {16, 117}, {31, kOld}}, "row_shl:1");
  // bound_ctrl:1: the missing source reads 0.
  g = run_dpp("dpp_shl_bc", "  v_mov_b32_dpp v4, v1 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1");
  expect_at(g, {{0, 101}, {15, 0}, {31, 0}}, "row_shl:1 bound_ctrl:1");
  g = run_dpp("dpp_shr", "  v_mov_b32_dpp v4, v1 row_shr:15 row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, kOld}, {14, kOld}, {15, 100}, {16, kOld}, {31, 116}}, "row_shr:15");
  g = run_dpp("dpp_ror", "  v_mov_b32_dpp v4, v1 row_ror:4 row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 112}, {3, 115}, {4, 100}, {16, 128}, {20, 116}}, "row_ror:4");
}

TEST(DppExec, ShareAndXmask) {
  auto g = run_dpp("dpp_share", "  v_mov_b32_dpp v4, v1 row_share:3 row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 103}, {15, 103}, {16, 119}, {31, 119}}, "row_share:3");
  g = run_dpp("dpp_xmask", "  v_mov_b32_dpp v4, v1 row_xmask:9 row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 109}, {9, 100}, {6, 115}, {16, 125}}, "row_xmask:9");
}

TEST(DppExec, RowAndBankMasks) {
  // row_mask:0x1: only row 0 (lanes 0-15) is written; EXEC is whole again afterwards,
  // so every lane's store happens (a lane left out would read back 0).
  auto g = run_dpp("dpp_rowmask", "  v_mov_b32_dpp v4, v1 quad_perm:[1,0,3,2] row_mask:0x1 bank_mask:0xf");
  expect_at(g, {{0, 101}, {1, 100}, {15, 114}, {16, kOld}, {31, kOld}}, "row_mask:0x1");
  // bank_mask:0x5: banks 0 and 2 (lanes 0-3, 8-11 of each row) are written.
  g = run_dpp("dpp_bankmask", "  v_mov_b32_dpp v4, v1 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0x5");
  expect_at(g, {{0, 101}, {4, kOld}, {7, kOld}, {8, 109}, {12, kOld}, {16, 117}, {20, kOld}, {27, 126}},
            "bank_mask:0x5");
}

TEST(DppExec, InactiveSourceLanes) {
  // Lane 0 off in EXEC; lanes 1-3 read lane 0 (quad_perm:[0,0,0,0]).
  const std::string pre = "  s_mov_b32 exec_lo, 0xfffffffe\n";
  const std::string post = "\n  s_mov_b32 exec_lo, -1";
  auto g = run_dpp("dpp_inact", pre + "  v_mov_b32_dpp v4, v1 quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf" + post);
  expect_at(g, {{0, kOld}, {1, kOld}, {3, kOld}, {4, 104}, {5, 104}}, "fi:0 bound_ctrl:0");
  g = run_dpp("dpp_inact_bc",
              pre + "  v_mov_b32_dpp v4, v1 quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf bound_ctrl:1" + post);
  expect_at(g, {{0, kOld}, {1, 0}, {3, 0}, {4, 104}}, "fi:0 bound_ctrl:1");
  g = run_dpp("dpp_inact_fi",
              pre + "  v_mov_b32_dpp v4, v1 quad_perm:[0,0,0,0] row_mask:0xf bank_mask:0xf fi:1" + post);
  expect_at(g, {{0, kOld}, {1, 100}, {3, 100}, {4, 104}}, "fi:1");
}

TEST(DppExec, ModifiersApplyAfterTheLaneRead) {
  // v6 = float(lane), v5 = 1.0: lane 0 gets -(v6 of lane 1) * 1.0 = -1.0 (0xbf800000);
  // lane 1 gets -(0.0) = -0.0 (0x80000000).
  auto g = run_dpp("dpp_neg", "  v_mul_f32_dpp v4, -v6, v5 quad_perm:[1,0,3,2] row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 0xbf800000u}, {1, 0x80000000u}, {2, 0xc0400000u /* -3.0 */}}, "-src0 after the move");
  // bound_ctrl:1 with row_shl:1: lane 15 reads 0, then neg: -0.0 * 1.0 = -0.0.
  g = run_dpp("dpp_neg_bc", "  v_mul_f32_dpp v4, -v6, v5 row_shl:1 row_mask:0xf bank_mask:0xf bound_ctrl:1");
  expect_at(g, {{14, 0xc1700000u /* -15.0 */}, {15, 0x80000000u}}, "-0 from an invalid lane");
  // VOP3 form (neg from the VOP3 word): -(v6 of lane 2 of the row) - 1.0.
  g = run_dpp("dpp_e64", "  v_sub_f32_e64_dpp v4, -v6, v5 row_share:2 row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 0xc0400000u /* -2 - 1 */}, {16, 0xc1980000u /* -18 - 1 */}}, "e64 row_share:2");
}

TEST(DppExec, Vop3IntegerAndDpp8) {
  auto g = run_dpp("dpp_e64_int", "  v_add_nc_u32_e64_dpp v4, v1, v8 row_share:3 row_mask:0xf bank_mask:0xf");
  expect_at(g, {{0, 1103}, {31, 1119}}, "v_add_nc_u32_e64_dpp row_share:3");
  g = run_dpp("dpp8_rev", "  v_mov_b32_dpp v4, v1 dpp8:[7,6,5,4,3,2,1,0]");
  expect_at(g, {{0, 107}, {7, 100}, {8, 115}, {31, 124}}, "dpp8 reversed");
  // DPP8 with lane 7 off: lane 0 reads lane 7 -> 0 without fi, the value with fi:1.
  g = run_dpp("dpp8_inact", "  s_mov_b32 exec_lo, 0xffffff7f\n  v_mov_b32_dpp v4, v1 dpp8:[7,6,5,4,3,2,1,0]\n"
                            "  s_mov_b32 exec_lo, -1");
  expect_at(g, {{0, 0}, {1, 106}, {7, kOld}}, "dpp8 fi:0");
  g = run_dpp("dpp8_inact_fi", "  s_mov_b32 exec_lo, 0xffffff7f\n  v_mov_b32_dpp v4, v1 dpp8:[7,6,5,4,3,2,1,0] fi:1\n"
                               "  s_mov_b32 exec_lo, -1");
  expect_at(g, {{0, 107}, {7, kOld}}, "dpp8 fi:1");
}

TEST(DppExec, CompareWritesVcc) {
  // row_mirror: lane l < 16 compares 115 - l < 105, true for l = 11..15; row 1 reads
  // 147 - l >= 116: false. VCC = 0x0000f800.
  auto g = run_dpp("dpp_cmp", "  v_cmp_lt_u32_dpp vcc_lo, v1, v7 row_mirror row_mask:0xf bank_mask:0xf\n"
                              "  s_wait_alu 0\n  v_mov_b32 v4, vcc_lo");
  expect_at(g, {{0, 0xf800u}, {31, 0xf800u}}, "v_cmp_lt_u32 row_mirror");
}

TEST(DppExec, Wave64Rows) {
  auto g = run_dpp("dpp_w64", "  v_mov_b32_dpp v4, v1 row_shr:1 row_mask:0x4 bank_mask:0xf", true);
  ASSERT_EQ(g.size(), 64u);
  // Only row 2 (lanes 32-47) writes; lane 32 has no source (bound_ctrl:0).
  expect_at(g, {{0, kOld}, {31, kOld}, {32, kOld}, {33, 132}, {47, 146}, {48, kOld}, {63, kOld}}, "w64 row_mask:0x4");
  g = run_dpp("dpp_w64_share", "  v_mov_b32_dpp v4, v1 row_share:15 row_mask:0xf bank_mask:0xf", true);
  expect_at(g, {{0, 115}, {20, 131}, {40, 147}, {63, 163}}, "w64 row_share:15");
}

}  // namespace
