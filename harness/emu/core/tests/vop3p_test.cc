// VOP3P / VOPD decoding and printing: encodings and texts from llvm-mc 22
// (echo '<asm>' | llvm-mc -triple=amdgcn -mcpu=gfx1201 -show-encoding), and the
// wave64 rule for VOPD. The semantics are tested by the golden vectors
// harness/emu/tests/golden/vop3p.golden and vopd.golden.
#include <gtest/gtest.h>

#include "rdna4emu/core/decoder.h"

using namespace rdna4emu::core;

namespace {

std::string dis(std::vector<uint8_t> b, int wave = 32) {
  DecodeResult r = decode(b.data(), b.size(), wave);
  return r.ok ? format_insn(r.insn, wave) : "ERROR: " + r.error;
}

TEST(Vop3p, PackedAndDotForms) {
  EXPECT_EQ(dis({0x00, 0xca, 0x0f, 0xcc, 0x01, 0x05, 0x02, 0x30}),
            "v_pk_add_f16 v0, v1, v2 op_sel:[1,0] op_sel_hi:[0,1] neg_lo:[1,0] neg_hi:[0,1] clamp");
  EXPECT_EQ(dis({0x00, 0x38, 0x0e, 0xcc, 0x01, 0x05, 0x0e, 0x04}),
            "v_pk_fma_f16 v0, v1, v2, v3 op_sel:[1,1,1] op_sel_hi:[0,0,0]");
  EXPECT_EQ(dis({0x00, 0x40, 0x0f, 0xcc, 0x01, 0xff, 0x01, 0x18, 0x78, 0x56, 0x34, 0x12}),
            "v_pk_add_f16 v0, v1, 0x12345678");  // a packed literal prints whole
  EXPECT_EQ(dis({0x00, 0x40, 0x0a, 0xcc, 0x01, 0x83, 0x01, 0x18}), "v_pk_add_u16 v0, v1, -1");
  EXPECT_EQ(dis({0x00, 0x40, 0x0f, 0xcc, 0x01, 0xe5, 0x01, 0x08}), "v_pk_add_f16 v0, v1, 1.0 op_sel_hi:[1,0]");
  EXPECT_EQ(dis({0x00, 0xc7, 0x13, 0xcc, 0x01, 0x05, 0x0e, 0xfc}),
            "v_dot2_f32_f16 v0, v1, v2, v3 neg_lo:[1,1,1] neg_hi:[1,1,1] clamp");
  EXPECT_EQ(dis({0x00, 0xc0, 0x16, 0xcc, 0x01, 0x05, 0x0e, 0x7c}),
            "v_dot4_i32_iu8 v0, v1, v2, v3 neg_lo:[1,1,0] clamp");
  EXPECT_EQ(dis({0x00, 0x40, 0x24, 0xcc, 0x01, 0x05, 0x0e, 0x9c}),
            "v_dot4_f32_fp8_bf8 v0, v1, v2, v3 neg_lo:[0,0,1]");
  EXPECT_EQ(dis({0x00, 0x60, 0x66, 0xd6, 0x01, 0x05, 0x0e, 0x04}), "v_dot2_f16_f16 v0, v1, v2, v3 op_sel:[0,0,1,1]");
  EXPECT_EQ(dis({0x00, 0x02, 0x66, 0xd6, 0x01, 0x05, 0x0e, 0x24}), "v_dot2_f16_f16 v0, -v1, |v2|, v3");
  EXPECT_EQ(dis({0x00, 0x00, 0x67, 0xd6, 0x01, 0xe5, 0x0d, 0x04}), "v_dot2_bf16_bf16 v0, v1, 1.0, v3");
}

TEST(Vopd, Dot2accAndWave32Only) {
  const std::vector<uint8_t> dot2acc = {0x01, 0x05, 0x08, 0xcb, 0x04, 0x0b, 0x02, 0x00};
  EXPECT_EQ(dis(dot2acc), "v_dual_dot2acc_f32_f16 v0, v1, v2 :: v_dual_add_f32 v3, v4, v5");
  EXPECT_EQ(dis({0x01, 0x05, 0xd0, 0xc9, 0x04, 0x01, 0x02, 0x00}),
            "v_dual_mul_dx9_zero_f32 v0, v1, v2 :: v_dual_mov_b32 v3, v4");
  EXPECT_EQ(dis({0xf2, 0x00, 0x1a, 0xca, 0xf2, 0x0a, 0x02, 0x00}),
            "v_dual_mov_b32 v0, 1.0 :: v_dual_dot2acc_f32_bf16 v3, 1.0, v5");
  // llvm-mc -mattr=+wavefrontsize64: "instruction requires wavesize=32".
  DecodeResult r = decode(dot2acc.data(), dot2acc.size(), 64);
  EXPECT_FALSE(r.ok);
  EXPECT_NE(r.error.find("wave32"), std::string::npos) << r.error;
}

}  // namespace
