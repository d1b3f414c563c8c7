// Scalar ALU behaviour that one-instruction golden vectors (tests/golden/salu.golden)
// cannot show: MODE at wave start (kernel descriptor), calls and returns, and the
// clean faults of instructions the emulator does not model (trap handlers, named
// barriers, unmodelled hardware registers and messages, M0-relative SGPR indices
// out of range). Kernels are hand-written assembly (llvm-mc + ld.lld 22).
#include <gtest/gtest.h>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

struct Ran {
  LaunchResult r;
  std::vector<uint32_t> out;  // the 16 dwords of the output buffer
  bool ok = false;
};

// Runs `body` in one wave32 workgroup; s[2:3] holds the output buffer's address.
Ran run(const std::string& name, const std::string& body, int denorm32 = 3, unsigned block = 32) {
  Ran o;
  if (!have_clang(22)) return o;
  AsmKernel k;
  k.name = name;
  k.denorm32 = denorm32;
  k.body = "  s_load_b64 s[2:3], s[0:1], 0x0\n  s_wait_kmcnt 0x0\n" + body + "\n  s_endpgm\n";
  Device d;
  uint64_t buf = upload(d, std::vector<uint32_t>(16, 0xdeadbeefu));
  const AsmLaunch L = launch_asm(d, k, block, Args().add(buf));
  if (!L.ok) return o;
  o.r = L.r;
  o.out = read_back<uint32_t>(d, buf, 16);
  o.ok = true;
  return o;
}

// Stores s4 to the output buffer's dword `i` (v0 = 0, so lane 0's store wins).
std::string store_s4(int i) {
  // s_wait_alu: s4 was written by an SALU and its pair read by a VALU (gfx12 SGPR hazard, HAZARDS.md).
  return "  v_mov_b32 v0, 0\n  s_wait_alu depctr_sa_sdst(0)\n  v_mov_b32 v1, s4\n  global_store_b32 v0, v1, s[2:3] offset:" + std::to_string(4 * i) +
         "\n  s_wait_storecnt 0x0\n";
}

#define NEED(x) \
  if (!(x).ok) GTEST_SKIP() << "llvm 22 tools not installed"

void expect_fault(const Ran& r, const std::string& text) {
  EXPECT_EQ(r.r.fault, Fault::IllegalInstruction) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find(text), std::string::npos) << r.r.diagnostic;
}

TEST(Salu, ModeStartsFromKernelDescriptor) {
  // .amdhsa_float_denorm_mode_32 lands in MODE[5:4]; round modes 0, f16/f64 denormals 3.
  for (int d : {0, 3}) {
    auto r = run("mode_kd" + std::to_string(d), "  s_getreg_b32 s4, hwreg(HW_REG_WAVE_MODE, 0, 8)\n" + store_s4(0), d);
    NEED(r);
    EXPECT_EQ(r.r.fault, Fault::None) << r.r.diagnostic;
    EXPECT_EQ(r.out[0], 0xc0u | uint32_t(d) << 4);
  }
}

TEST(Salu, ModeChangesApplyToLaterFloatInstructions) {
  // 1 + 2^-24 (an exact tie) rounds to 1.0 to nearest even, to 1 + 2^-23 toward +inf.
  auto r = run("mode_round",
               "  s_mov_b32 s5, 0x33800000\n  s_add_f32 s4, 1.0, s5\n" + store_s4(0) +
                   "  s_round_mode 0x1\n  s_add_f32 s4, 1.0, s5\n" + store_s4(1) +
                   "  s_setreg_imm32_b32 hwreg(HW_REG_WAVE_MODE, 0, 2), 0\n  s_add_f32 s4, 1.0, s5\n" + store_s4(2));
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::None) << r.r.diagnostic;
  EXPECT_EQ(r.out[0], 0x3f800000u);
  EXPECT_EQ(r.out[1], 0x3f800001u);
  EXPECT_EQ(r.out[2], 0x3f800000u);
}

TEST(Salu, CallAndReturn) {
  // s_call_b64 saves the address of the next instruction; s_setpc_b64 returns there.
  auto r = run("call_ret",
               "  s_mov_b32 s4, 1\n  s_call_b64 s[6:7], .Lfn\n  s_add_co_u32 s4, s4, 100\n" + store_s4(0) +
                   "  s_branch .Ldone\n.Lfn:\n  s_add_co_u32 s4, s4, 10\n  s_setpc_b64 s[6:7]\n.Ldone:\n");
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::None) << r.r.diagnostic;
  EXPECT_EQ(r.out[0], 111u);
}

TEST(Salu, TrapAndHaltFaultCleanly) {
  auto r = run("trap", "  s_trap 2");
  NEED(r);
  expect_fault(r, "s_trap 2: trap handlers are not emulated (trap id 2 = llvm.trap");
  expect_fault(run("sethalt", "  s_sethalt 1"), "s_sethalt");
  expect_fault(run("rfe", "  s_rfe_b64 s[2:3]"), "s_rfe_b64: trap handlers are not emulated");
  expect_fault(run("sendmsghalt", "  s_sendmsghalt sendmsg(MSG_DEALLOC_VGPRS)"), "s_sendmsghalt");
}

TEST(Salu, UnmodelledRegistersAndMessagesFault) {
  auto r = run("getreg_status", "  s_getreg_b32 s4, hwreg(HW_REG_WAVE_STATUS, 0, 32)");
  NEED(r);
  expect_fault(r, "s_getreg_b32: hardware register 2 is not modelled");
  expect_fault(run("setreg_trapctrl", "  s_setreg_imm32_b32 hwreg(HW_REG_WAVE_TRAP_CTRL, 0, 8), 1"),
               "writing hardware register 19 is not modelled");
  expect_fault(run("sendmsg_rtn", "  s_sendmsg_rtn_b64 s[4:5], sendmsg(MSG_RTN_GET_DOORBELL)"),
               "s_sendmsg_rtn_b64 128: this message is not emulated");
  expect_fault(run("named_barrier", "  s_barrier_join -2"), "named barriers are not emulated");
}

TEST(Salu, MessageIdFieldIsNotALiteral) {
  // s_sendmsg_rtn's ssrc0 field is a message id: 255 must not make the decoder take the
  // next dword as a literal (the branch target would then not start an instruction).
  auto r = run("msg255", "  s_branch .Lskip\n  s_sendmsg_rtn_b32 s4, sendmsg(255, 0, 0)\n.Lskip:\n  s_mov_b32 s4, 5\n" +
                             store_s4(0));
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::None) << r.r.diagnostic;
  EXPECT_EQ(r.out[0], 5u);
  expect_fault(run("msg255_run", "  s_sendmsg_rtn_b32 s4, sendmsg(255, 0, 0)"),
               "s_sendmsg_rtn_b32 255: this message is not emulated");
}

TEST(Salu, BarrierSignalIsFirst) {
  // Two waves: exactly one is the first to signal the workgroup barrier (SCC = 1). Each
  // wave stores its SCC at dword (work-item id / 32); barrier 0 is a no-op giving SCC = 0.
  auto r = run("isfirst",
               "  s_cmp_eq_u32 0, 0\n  s_barrier_signal_isfirst 0\n  s_cselect_b32 s5, 1, 0\n"
               "  s_barrier_signal_isfirst -1\n  s_cselect_b32 s4, 1, 0\n  s_barrier_wait -1\n"
               "  v_lshrrev_b32 v2, 5, v0\n  v_lshlrev_b32 v2, 2, v2\n  v_mov_b32 v1, s4\n"
               "  global_store_b32 v2, v1, s[2:3]\n  v_mov_b32 v1, s5\n"
               "  global_store_b32 v2, v1, s[2:3] offset:16\n  s_wait_storecnt 0x0\n",
               3, 64);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::None) << r.r.diagnostic;
  EXPECT_EQ(r.out[0] + r.out[1], 1u) << r.out[0] << " " << r.out[1];
  EXPECT_EQ(r.out[4], 0u);
  EXPECT_EQ(r.out[5], 0u);
  expect_fault(run("named_signal", "  s_barrier_signal 3"), "named barrier");
}

TEST(Salu, MovrelIndexOutOfRangeFaults) {
  auto r = run("movrels_far", "  s_mov_b32 m0, 200\n  s_movrels_b32 s4, s10");
  NEED(r);
  expect_fault(r, "s_movrels_b32: M0-relative SGPR index 210 is outside s0..s107");
  // In range: s4 = s(10 + 2).
  auto ok = run("movrels_near", "  s_mov_b32 s12, 0x1234\n  s_mov_b32 m0, 2\n  s_movrels_b32 s4, s10\n" + store_s4(0));
  EXPECT_EQ(ok.r.fault, Fault::None) << ok.r.diagnostic;
  EXPECT_EQ(ok.out[0], 0x1234u);
}

}  // namespace
