// rdna4emu::model_assumptions(): the emulator's UNVERIFIED modelling choices
// for the matrix instructions. Each id names the one place in the code where
// the choice is made (grep for "MODEL(<id>)"); README.md gives the sources.
#include "rdna4emu/device.h"

namespace rdna4emu {

const std::vector<ModelAssumption>& model_assumptions() {
  static const std::vector<ModelAssumption> list = {
      {"float_accumulation",
       "WMMA/SWMMAC float variants: every product A*B is exact; products are summed in IEEE "
       "binary64 in ascending K order (SWMMAC: group by group, kept value 0 then 1), C is added "
       "last, and the sum is rounded once (nearest even) to f32, f16 or bf16. Bit-exact whenever "
       "the true sum is representable in the destination format. [compute.cpp]",
       "UNVERIFIED: AMD documents neither the internal accumulation precision nor the rounding "
       "of WMMA (docs/facts/layouts.md#wmma-numerics); hardware may truncate or round per step"},
      {"denormals",
       "Denormal f16/bf16/fp8/bf8 inputs, f32/f16/bf16 C and results are kept (no flush), "
       "whatever the MODE register says. [compute.cpp, formats.cpp]",
       "UNVERIFIED: denormal handling inside WMMA is undocumented (docs/facts/layouts.md#wmma-numerics)"},
      {"nan_results",
       "A NaN result (NaN input, inf*0, inf-inf) is written as the canonical quiet NaN "
       "(f32 0x7fc00000, f16 0x7e00, bf16 0x7fc0); infinities propagate with their sign; a finite "
       "sum beyond the format's range rounds to infinity. [compute.cpp]",
       "UNVERIFIED: NaN payload and sign propagation inside WMMA are undocumented"},
      {"fp8_bf8_decoding",
       "fp8 is OCP E4M3 'fn' (bias 7, no infinity, S.1111.111 is NaN, max 448, 0x80 is -0); "
       "bf8 is OCP E5M2 (bias 15, S.11111.00 infinity, S.11111.{01,10,11} NaN); NaN inputs "
       "give a NaN result. [formats.cpp]",
       "UNVERIFIED on hardware: formats per docs/facts/layouts.md#fp8-and-bf8-formats / LLVM; NaN and infinity "
       "inputs to fp8/bf8 WMMA were not measured"},
      {"c_modifiers",
       "Float C: NEG_HI[2] takes |C| (sign bit cleared), then NEG[2] negates (sign bit flipped), "
       "on every C element (both halves of packed f16/bf16 C); also accepted on fp8/bf8 variants "
       "(llvm-mc accepts neg_lo:[0,0,1] and neg_hi:[0,0,1] there). [compute.cpp]",
       "UNVERIFIED: order abs-then-neg and the packed-C meaning follow the usual VOP3P "
       "convention; docs/facts/layouts.md#wmma-modifiers gives the single-bit meanings"},
      {"float_clamp",
       "The clamp bit on a float WMMA/SWMMAC is rejected as an illegal instruction. [compute.cpp]",
       "UNVERIFIED: llvm-mc rejects clamp on gfx12 float WMMA; what hardware does is unknown"},
      {"int_clamp",
       "Integer WMMA/SWMMAC: the exact result C + sum(A*B) (C signed int32; A, B signed or "
       "unsigned per NEG[0]/NEG[1]) wraps modulo 2^32 without clamp; with clamp it saturates to "
       "the signed int32 range [-2^31, 2^31-1] for every signedness mix (unsigned*unsigned sums "
       "can only overflow through C). [compute.cpp]",
       "UNVERIFIED: the dense WMMA page the project started from says clamp goes to 'the representable range of the input type' "
       "(docs/facts/disagreements.md#integer-clamp); the usual ISA meaning (int32 saturation) is modelled"},
      {"wave64_layouts",
       "Wave64 WMMA/SWMMAC register layouts are those of AMD's Matrix Instruction Calculator "
       "(InstCalcGfx12, wave64); iu4 16x16x16 A/B and SWMMAC iu4 16x16x32 A/index use lanes "
       "0-31 only. [layouts.cpp]",
       "UNVERIFIED: from AMD's calculator, not measured on hardware (the starting pages say "
       "RDNA4 WMMA is wave32-only: docs/facts/disagreements.md#wave32-only-claim)"},
      {"sparse_index",
       "SWMMAC: A holds two kept values per group of four K; the 4-bit index field of the group "
       "gives their positions (bits [1:0] kept value 0, bits [3:2] kept value 1); index_key = "
       "OPSEL[1:0] selects the index set (bit offset key*32/sets). Each kept value multiplies "
       "the B row of its position; equal positions both contribute. [sparse.cpp, layouts.cpp]",
       "UNVERIFIED: layout from AMD's calculator; behaviour for equal or unordered indices is "
       "not documented"},
      {"tr_b64_mapping",
       "global_load_tr_b64 (wave32): in each 16-lane half h, dst[16h+m].byte[f] = "
       "R(16h + 8*(f/4) + 4*(m/8) + f%4)[m%8]. [transpose.cpp]",
       "UNVERIFIED: inferred from CK's addressing (docs/facts/transpose.md#transpose-b64); a third party "
       "reports the 8-lane B128 rule does not fit B64"},
      {"tr_wave64",
       "Wave64 transpose loads fetch the destination size per lane (B128: 8 bytes, B64: 4). "
       "B128: each 8-lane group's bytes form rows of 8 halves, lane c gets column c "
       "(dst[8g+c].e[j] = half c%4 of lane 8g+2j+c/4). B64: each 16-lane block's bytes form "
       "rows of 8 bytes, dst[16h+m].byte[f] = byte m%8 of row 4*(m/8)+f. [transpose.cpp]",
       "UNVERIFIED: the per-lane size follows LLVM's memory operands (GLOBAL_LOAD_TR_B128_w64: "
       "load (s64), GLOBAL_LOAD_TR_B64_w64: load (s32)); the permutation has no source and "
       "generalises the wave32 rules to half-width lanes"},
      {"tr_partial_exec",
       "Transpose loads with partial EXEC: only EXEC lanes are written; data that would come "
       "from a lane outside EXEC reads as zero. [transpose.cpp]",
       "UNVERIFIED: a third-party note says the transpose loads require EXEC all ones"},
      {"wave64_cycles",
       "Modelled WMMA/SWMMAC cycles are the same for wave32 and wave64 (16 for f16/bf16 inputs, "
       "8 otherwise). [dense.cpp, sparse.cpp, variants.def]",
       "UNVERIFIED: AMD's calculator gives one figure per instruction; docs/facts/hardware-figures.md#wmma-throughput "
       "covers wave32 only"},
      // Scalar ALU and MODE (core/salu.h, insns/s_*.h).
      {"salu_setreg_mode_mask",
       "s_setreg_b32 / s_setreg_imm32_b32 on HW_REG_MODE may change every MODE bit (the write mask "
       "is taken as all ones); bits [31:8] are stored and read back but have no effect on execution. "
       "[salu.h hwreg_write]",
       "UNVERIFIED: the pseudocode's HwRegWriteMask is not published"},
      {"salu_hwreg_hw_id",
       "s_getreg_b32 HW_REG_HW_ID1 returns the wave's index in its workgroup in bits [4:0] and 0 in "
       "every other field; HW_REG_HW_ID2 returns 0 (one emulated compute unit, queue, pipe). Other "
       "hardware registers than MODE, HW_ID1/2 and SHADER_CYCLES fault as not modelled. [salu.h hwreg_read]",
       "UNVERIFIED: invented values; hardware reports the physical SIMD/WGP/SE and queue placement"},
      {"salu_hwreg_shader_cycles",
       "s_getreg_b32 HW_REG_SHADER_CYCLES_LO/HI return the wave's executed instruction count "
       "(low/high 32 bits) as the cycle counter. [salu.h hwreg_read]",
       "UNVERIFIED: invented value; the emulator has no clock"},
      {"salu_sendmsg_rtn_realtime",
       "s_sendmsg_rtn_b32/b64 MSG_RTN_GET_REALTIME returns the wave's executed instruction count; "
       "every other returning message faults as not emulated. [insns/s_sendmsg_rtn_b64.h]",
       "UNVERIFIED: invented value; hardware returns a constant-rate real-time counter"},
      {"salu_f16_high_bits",
       "SALU instructions with an f16 result (s_add_f16 ... s_cvt_f16_f32, s_ceil_f16 ...) write the "
       "result to bits [15:0] of the SGPR and zero bits [31:16]. [salu.h salu_f16]",
       "UNVERIFIED: the pseudocode writes D0.f16 only and does not say what happens to D0[31:16]"},
      {"salu_float_mode",
       "SALU float instructions honour MODE like the VALU: the f32 round/denorm fields for f32 "
       "results, the f16/f64 fields for f16 results; denormal inputs flushed (denorm field 0 or 2) "
       "and denormal results flushed after rounding (0 or 1) to a signed zero; NaN results as the "
       "VALU (first NaN operand quieted, else 0x7fc00000 / 0x7e00). [salu.h]",
       "UNVERIFIED: the pseudocode does not mention MODE for SALU float instructions"},
      {"salu_rndne_signed_zero",
       "s_rndne_f32/f16 round to the nearest integral value with ties to even and keep the sign of "
       "zero (-0.5 gives -0), as IEEE 754-2019 roundToIntegralTiesToEven. [salu.h salu_rndne]",
       "UNVERIFIED: the pseudocode's floor(S0 + 0.5) form gives +0 for -0.5 and -0"},
      {"salu_bfe_wide_width",
       "s_bfe_u32/i32 with width S1[22:16] >= 32 (u64/i64: >= 64) return all bits of the shifted "
       "value. [insns/s_bfe_*.h]",
       "UNVERIFIED: the pseudocode's mask (1 << width) - 1 is undefined for such widths"},
      {"salu_movrel_range",
       "s_movrels/s_movreld/s_movrelsd_2 whose SGPR index (field + M0 offset) reaches ttmp0 (108) or "
       "beyond stop the wave with an IllegalInstruction fault. [salu.h movrel_index]",
       "UNVERIFIED: the ISA guide does not say what hardware does with an out-of-range index"},
  };
  return list;
}

}  // namespace rdna4emu
