// rdna4emu::model_assumptions(): the emulator's UNVERIFIED modelling choices
// for the matrix instructions. Each id names the one place in the code where
// the choice is made (grep for "MODEL(<id>)"); README.md gives the sources.
#include "rdna4emu/device.h"

#include <cstdio>
#include <cstdlib>

#include "model_select.h"

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
      // Integer/bit/lane VALU (core/semantics.h, insns/v_*.h).
      {"opsel_hi_half_of_scalar_16bit",
       "VOP3 op_sel on a 16-bit SGPR or constant source reads bits [31:16] of the 32-bit scalar "
       "value (a 16-bit integer inline constant is sign-extended to 32 bits first). [semantics.h src16]",
       "UNVERIFIED: the ISA guide describes op_sel for VGPR halves; LLVM's true16 assembler only "
       "writes .h for VGPRs"},
      {"int_clamp_vop",
       "Integer VALU clamp saturates the exact result to the destination type (unsigned: [0, max]; "
       "signed: [min, max]) for add/sub (nc, co, co_ci), mul/mad *_u24/_i24, mad_u16/i16, "
       "mad_u32_u16/i32_i16, sad/msad; v_add_co/v_sub_co write the unsaturated carry/borrow-out; "
       "v_mad_co_u64_u32/i64_i32 saturate to 64 bits; qsad/mqsad saturate each field. Ops where LLVM "
       "accepts no clamp ignore the bit. [semantics.h sat_*/clamp_*, vop_carry_u32, vop_mad_co_64, vop_qsad]",
       "UNVERIFIED: the RDNA4 pseudocode does not show clamp; saturation is the ISA guide's CLAMP "
       "description and LLVM's use of it for llvm.*add.sat/llvm.*sub.sat, the carry-out, 64-bit and "
       "packed-field cases are this model's choice"},
      {"cvt_pk_16_saturates",
       "v_cvt_pk_u16_u32 / v_cvt_pk_i16_i32 saturate each 32-bit source to the 16-bit range "
       "(u32_to_u16 / i32_to_i16 of the pseudocode). [insns/v_cvt_pk_u16_u32.h, v_cvt_pk_i16_i32.h]",
       "UNVERIFIED: the pseudocode names the conversions without defining them; third-party "
       "sources disagree on saturation"},
      {"movrel_out_of_range",
       "v_movrels/movreld/movrelsd/movrelsd_2/swaprel_b32: a VGPR index (register + M0 offset) at or "
       "beyond the kernel's VGPR allocation (compute_pgm_rsrc1 granules) stops the wave with a "
       "MemoryViolation fault. [semantics.h movrel_reg]",
       "UNVERIFIED: the ISA guide does not say what hardware does with an out-of-range index"},
      {"permlane_fi_bound_ctrl",
       "v_permlane16/permlanex16(_var)_b32: op_sel[0] = FI, op_sel[1] = BOUND_CTRL (llvm-mc "
       "op_sel:[fi,bound_ctrl]); a source lane outside EXEC is read anyway with FI, gives 0 with "
       "BOUND_CTRL, else the destination lane keeps its value. [semantics.h vop_permlane16]",
       "UNVERIFIED: the RDNA4 pseudocode reads every source lane and does not mention FI or "
       "BOUND_CTRL; the model follows the DPP meaning of those bits"},
      // DPP (core/dpp.cc).
      {"dpp16_invalid_source",
       "DPP16: a source lane is invalid when row_shl/row_shr reach past its row of 16 lanes, or "
       "when it is disabled in EXEC and fi is 0; an invalid source reads 0 with bound_ctrl set, "
       "otherwise the destination lane is not written (keeps its value). [dpp.cc exec_dpp]",
       "UNVERIFIED: the ISA guide's DPP text and LLVM's AMDGPUModifierSyntax.rst describe "
       "bound_ctrl and fi in words; not checked on hardware"},
      {"dpp8_inactive_source",
       "DPP8: a source lane disabled in EXEC reads 0 unless fi is set (0xEA); the destination "
       "lane is still written. [dpp.cc exec_dpp]",
       "UNVERIFIED: from LLVM's AMDGPUModifierSyntax.rst (fi: fetch zero for inactive lanes); "
       "the ISA guide has no pseudocode for it"},
      {"dpp_lane_disable_writes",
       "DPP lanes disabled by row_mask, bank_mask or an invalid DPP16 source are skipped as if "
       "EXEC were clear for them: a VOPC writes 0 to their mask bits, a VOP3 carry-out likewise. "
       "[dpp.cc exec_dpp]",
       "UNVERIFIED: the ISA guide says such lanes are not written; for lane masks it does not say "
       "whether the bit is cleared or kept"},
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
       "(low/high 32 bits) as the cycle counter; a WMMA/SWMMAC counts as its modelled cycles over "
       "its wave32 figure (2 in wave64 under wave64_cycles=double, else 1). [salu.h hwreg_read, "
       "count_matrix_cycles]",
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
      // Float VALU (core/semantics.h float helpers, core/valu_float.h, insns/v_*.h).
      {"valu_nan_results",
       "Float VALU results that are NaN: the first NaN operand in source order, quieted, payload "
       "kept; an invalid operation on non-NaN operands gives +0x7fc00000 (f16 0x7e00, f64 "
       "0x7ff8000000000000). min/max, minimum/maximum, med3, frexp_mant, div_fixup and cube* follow "
       "their pseudocode's NaN rules instead. [semantics.h nan_result, vop_f32]",
       "UNVERIFIED: IEEE 754-2019 leaves the payload and sign of a NaN result open and the ISA guide "
       "does not say which NaN the hardware returns"},
      {"transcendental_accuracy",
       "v_rcp/rsq/sqrt/log/exp/sin/cos (f16, f32, and v_s_*): computed in double (round to "
       "nearest) and rounded once to the destination in the MODE direction (exp: a double result "
       "of exactly 1, 0 or inf is nudged toward the true value first; sin/cos: S0 reduced modulo 1 "
       "exactly, then sin/cos(2 pi t), exact 0 / +-1 where t is a multiple of 1/4, zeros signed as "
       "IEEE 754 sinPi/cosPi, a double +-1 elsewhere nudged toward zero); "
       "v_rcp_f64/v_sqrt_f64/v_rsq_f64: correctly rounded in the "
       "MODE direction. [insns/v_rcp_f32.h ..., valu_float.h trans_f32, exp2_model, rsq_f64, "
       "sincos_rev]",
       "UNVERIFIED: the ISA guide gives an accuracy (about 1 ULP), not a result; hardware values "
       "may differ in the last bit"},
      {"cvt_round_mode_field",
       "Conversions between float formats round in the MODE round mode of the destination's "
       "precision: v_cvt_f16_f32 uses the f16/f64 field, v_cvt_f32_f64 the f32 field; input "
       "flushing follows the source's denorm field, output flushing the destination's. "
       "[insns/v_cvt_f16_f32.h, v_cvt_f32_f64.h]",
       "UNVERIFIED: the pseudocode (f32_to_f16, f64_to_f32) does not say which MODE field applies"},
      {"frexp_denormal_normalised",
       "v_frexp_mant_* / v_frexp_exp_* normalise a denormal operand (mant in [0.5, 1), exp below the "
       "smallest normal exponent), as LLVM's constant folding of llvm.amdgcn.frexp.*. "
       "[valu_float.h frexp_mant, frexp_exp]",
       "UNVERIFIED: the pseudocode's exponent() is the biased exponent field, which would give "
       "-126 (f32) for every denormal"},
      {"norm16_conversion",
       "f32/f16 to snorm16 / unorm16 (v_cvt_norm_*_f16, v_cvt_pk_norm_*): NaN gives 0, the value is "
       "clamped to [-1, 1] ([0, 1]), multiplied by 32767 (65535) and rounded to nearest even. "
       "[valu_float.h to_snorm16, to_unorm16]",
       "UNVERIFIED: the pseudocode names f32_to_snorm etc. without defining them"},
      {"cvt_off_f32_i4_table",
       "v_cvt_off_f32_i4 returns S0[3:0] as a signed 4-bit integer divided by 16 (-0.5 .. 0.4375). "
       "[insns/v_cvt_off_f32_i4.h]",
       "UNVERIFIED: the pseudocode reads a table CVT_OFF_TABLE whose values it does not list"},
      {"div_fixup_underflow",
       "v_div_fixup_f32/f64: the clause 'exponent(S2) - exponent(S1) < -150 (-1075)' returns a zero "
       "with the quotient's sign. [valu_float.h div_fixup]",
       "UNVERIFIED: the pseudocode returns UNDERFLOW_F32 / UNDERFLOW_F64 without defining them"},
      {"div_fixup_overflow",
       "v_div_fixup_f32/f64: the OVERFLOW clause tests the quotient estimate S0: an infinite or NaN "
       "S0 (after the NaN, zero and infinity clauses) gives an infinity of the result's sign. "
       "[valu_float.h div_fixup]",
       "UNVERIFIED: the pseudocode tests exponent(S1) == 255 (2047), which cannot hold after its NaN "
       "and infinity clauses; read as a test of S0, LLVM's division sequence gives the IEEE "
       "infinity for quotients that overflow (runtime/hip-programs/division.hip)"},
      {"div_fmas_scale",
       "v_div_fmas_f32/f64 with VCC[lane] set scale the exact fma result by 2^64 (f64: 2^128) when "
       "S2's biased exponent is at least the bias (|S2| >= 1), else by 2^-64 (2^-128), undoing "
       "v_div_scale, and round once. [valu_float.h vop_div_fmas, fma_scaled]",
       "UNVERIFIED: the pseudocode writes a fixed factor 2^32 (f64: 2^64), which does not undo "
       "v_div_scale's 2^64 (2^128) scaling"},
      {"div_scale_cases",
       "v_div_scale_f32/f64 evaluate the pseudocode's 'is a denormal' tests of 1/S1 and S2/S1 in the "
       "operands' own precision, put NaN and infinite S1/S2 through the exponent tests as the "
       "pseudocode does (biased exponent 255, f64 2047), and scale the denominator down (2^-64, "
       "f64 2^-128) where both tests hold. [valu_float.h div_scale_lane]",
       "UNVERIFIED: the f32 pseudocode tests 1/S1 converted to f64 (never denormal) and scales the "
       "denominator up (2^+64 / 2^+128) where both tests hold, which overflows it and makes LLVM's "
       "division sequence return NaN for 1 / FLT_MAX and 1 / DBL_MAX "
       "(runtime/hip-programs/division.hip)"},
      {"cvt_pk_u8_f32_rounding",
       "v_cvt_pk_u8_f32: f32_to_u8(S0) rounds toward zero, saturates to [0, 255] and gives 0 for NaN, "
       "as the pseudocode's f32_to_u32 does. [insns/v_cvt_pk_u8_f32.h]",
       "UNVERIFIED: the pseudocode names f32_to_u8 without defining it"},
      {"trig_preop_special_inputs",
       "v_trig_preop_f64: a NaN S0 gives that NaN quieted; any other S0 (infinities too) gives the "
       "53 bits of 2/pi the pseudocode selects, zeros past its 1201-bit fraction. "
       "[insns/v_trig_preop_f64.h, valu_float.h trig_preop]",
       "UNVERIFIED: the pseudocode reads only S0's exponent field (a NaN would give a chunk of 2/pi), "
       "while LLVM's constant folding (AMDGPUInstCombineIntrinsic.cpp) returns the quieted NaN and "
       "returns 0 once the shift passes 1120 bits, where the pseudocode still has bits of 2/pi"},
      {"fp8_conversion_overflow",
       "f32 to fp8 (E4M3) / bf8 (E5M2) conversions (v_cvt_pk_fp8_f32, v_cvt_pk_bf8_f32, "
       "v_cvt_sr_*): a value beyond the largest finite after rounding, and +-inf, give NaN 0x7f "
       "(fp8, which has no infinity) or +-inf 0x7c (bf8); NaN gives 0x7f / 0x7e with its sign. "
       "[valu_float.h f64_to_f8]",
       "UNVERIFIED: the pseudocode's f32_to_fp8/f32_to_bf8 are not defined; the OCP specification "
       "allows saturating or non-saturating conversion"},
      {"cvt_sr_f8_rounding",
       "v_cvt_sr_fp8_f32 / v_cvt_sr_bf8_f32 as the pseudocode writes them: S1[31:12] (bf8: "
       "S1[31:11]) is added to S0's 23-bit mantissa field, wrapping inside the field, and the "
       "result is rounded to nearest even. [valu_float.h vop_cvt_sr_f8_f32]",
       "UNVERIFIED: a stochastic rounding would truncate and carry into the exponent; the "
       "pseudocode does neither and hardware was not measured"},
      // VOP3P packed math and dot products, VOPD dot2acc (core/vop3p.h).
      {"packed_inline_constants",
       "A constant operand of a packed 16-bit instruction (VOP3P, and S0/S1 of v_dot2_f16_f16 / "
       "v_dot2_bf16_bf16) is one 32-bit value whose halves op_sel / op_sel_hi pick: an integer "
       "inline constant is sign-extended to 32 bits (5 = 0x00000005, -1 = 0xffffffff); a float "
       "inline constant is its f16 (bf16 operands: bf16) bits in [15:0] with zero above on f16/bf16 "
       "operations and its f32 bits on 16-bit integer operations; a literal is all 32 bits. "
       "[vop3p.h pk_src, isa/vop3p.csv operand types]",
       "UNVERIFIED: taken from LLVM (AMDGPUBaseInfo.cpp getInlineEncodingV216, whose comment says "
       "the ISA guide is misleading here), not from AMD's guide or hardware"},
      {"packed_int_modifiers",
       "Packed 16-bit integer instructions (v_pk_*_i16/u16/b16) ignore neg_lo / neg_hi; clamp "
       "saturates the exact per-half result to the i16 / u16 range (add, sub, mad, and the full "
       "product of v_pk_mul_lo_u16); shifts and min/max results are in range, so clamp changes "
       "nothing. [vop3p.h vop_pk_int]",
       "UNVERIFIED: the pseudocode mentions neither modifier for these instructions; llvm-mc accepts "
       "both"},
      {"dot_float_rounding",
       "Float dot products follow the pseudocode's order (C first, then product 0, 1, ...) and round "
       "after every step to the accumulator's format (f32 for v_dot2_f32_*, v_dot4_f32_*, "
       "v_dual_dot2acc_*; f16 / bf16 for v_dot2_f16_f16 / v_dot2_bf16_bf16, each step a fused "
       "a*b + tmp), in the MODE round mode of that precision (bf16: the f16/f64 field); a denormal "
       "step result is flushed when MODE flushes that precision's outputs; f16 inputs flush per the "
       "f16/f64 denorm field, bf16 inputs and the f32 C per the f32 field, fp8/bf8 inputs never. "
       "Packed f16 results flush after rounding. [vop3p.h dot_acc_f32, vop3_dot2_16, vop_pk_f16]",
       "UNVERIFIED: the pseudocode's tmp has the accumulator's type but AMD does not say whether "
       "hardware rounds per step or once, nor which MODE fields apply to mixed-precision dots"},
      {"dot_f32_c_modifiers",
       "The f32 accumulator C of the VOP3P float dots: neg_lo[2] negates it; neg_hi[2] takes |C| "
       "(before the negation) for v_dot4_f32_fp8/bf8 and has no effect for v_dot2_f32_f16/bf16; "
       "op_sel / op_sel_hi bits of C do nothing. Chosen to match LLVM's code generation (19 and "
       "22): -C is neg_lo:[0,0,1] neg_hi:[0,0,1] on v_dot2_f32_f16 but neg_lo:[0,0,1] on "
       "v_dot4_f32_*, |C| is a v_and_b32 before v_dot2_f32_f16 but neg_hi:[0,0,1] on "
       "v_dot4_f32_*. [vop3p.h dot_c_f32]",
       "UNVERIFIED: the pseudocode is silent on modifiers; the model follows what LLVM emits, "
       "not a hardware measurement"},
      {"int_dot_clamp",
       "v_dot4_i32_iu8, v_dot4_u32_u8, v_dot8_i32_iu4, v_dot8_u32_u4: without clamp the sum wraps to "
       "32 bits; with clamp the exact sum (C + every product) saturates to the i32 / u32 range. "
       "Only neg_lo[0] / neg_lo[1] (signed S0 / S1 fields of the iu forms) have an effect. "
       "[vop3p.h vop_dot_int]",
       "UNVERIFIED: the pseudocode has no clamp and does not say whether saturation applies per "
       "step or once"},
      {"dot2_16bit_modifiers",
       "VOP3 v_dot2_f16_f16 / v_dot2_bf16_bf16: abs then neg of S0 and S1 act on both packed "
       "halves; of S2 on its selected half; op_sel[3] picks the destination half and the other half "
       "is kept. [vop3p.h vop3_dot2_16]",
       "UNVERIFIED: the pseudocode is silent on modifiers of packed VOP3 sources"},
      {"buffer_range_check",
       "VBUFFER range check by the V# oob_select: 0: index >= num_records or offset + size > stride; "
       "1: index >= num_records; 2: num_records == 0; 3 (raw): soffset + offset + index * stride + size "
       "> num_records, so soffset counts. Multi-dword accesses are checked per dword (a b64 load at the "
       "boundary returns its first dword and 0); format loads/stores and atomics as a whole (the format "
       "element's channels, at most the instruction's). Out of range: loads read 0 (format loads: every "
       "channel, W too), stores and atomics are dropped. [memory.cc BufAddr, buffer_format_t]",
       "UNVERIFIED: the RDNA4 ISA guide's range-check text was not available to the project; the soffset "
       "and per-dword rules follow third-party RDNA4 documentation (Triton's rdna4 buffer descriptor) "
       "and Mesa's oob_select comments; not measured on hardware"},
      {"buffer_atomic_out_of_range",
       "A VBUFFER atomic outside the buffer range changes no memory and returns 0 when it returns "
       "data. [memory.cc buffer_atomic]",
       "UNVERIFIED: the returned value of a dropped atomic is not documented"},
      {"buffer_format_conversion",
       "buffer_*_format_* / tbuffer_*: UNORM/SNORM loads are v / (2^n - 1) and max(v / (2^(n-1) - 1), -1) "
       "rounded once to f32 (D16: once to f16); stores clamp to [0, 1] / [-1, 1], scale and round to nearest even; SCALED "
       "stores round to nearest even and saturate (a NaN stores 0); UINT/SINT stores keep the low n bits; D16 loads of "
       "UNORM/SNORM/SCALED/32-bit float formats give f16, of integer formats the low 16 bits; a load of "
       "more channels than the format has gives 0 for Y/Z and 1 (1.0) for W; an f16 channel widened to "
       "f32 keeps a NaN's payload and signalling bit (f32 to f16 quiets it, top payload bits kept); the "
       "V# dst_sel is ignored. [memory.cc buffer_format_t]",
       "UNVERIFIED: the pseudocode says ConvertFromFormat / ConvertToFormat without defining them"},
      {"buffer_swizzle_addressing",
       "A V# with swizzle_enable != 0 places a byte at (index / IS * stride + offset / ES * ES) * IS + "
       "index % IS * ES + offset % ES past base + soffset (IS = 8 << index_stride; ES = 4, 8, 16 for "
       "swizzle_enable 1, 2, 3); each dword of a wider access and each channel of a format access is placed "
       "by its own offset, the bytes of a sub-dword access follow its first byte; the range check is the "
       "linear one of buffer_range_check (index, offset, and index * stride + offset for the raw check). "
       "[memory.cc BufAddr::swizzled]",
       "UNVERIFIED: the formula is the RDNA3.5 ISA guide's; element size 8 for swizzle_enable 2, the range "
       "check and accesses wider than the element are not documented for RDNA4"},
      {"buffer_tfe_status",
       "A VBUFFER load with tfe writes its data as without tfe and 0 to the status VGPR after the data in "
       "every active lane, also in lanes out of range; tfe on a store or atomic faults as not emulated. "
       "[memory.cc tfe_status_reg]",
       "UNVERIFIED: the status value is documented only as non-zero for a non-resident (sparse) access; "
       "what an out-of-range lane gets is not documented"},
      {"buffer_packed_formats",
       "Packed buffer formats 10_11_11_FLOAT, 11_11_10_FLOAT, 10_10_10_2_*, 2_10_10_10_*: one dword, channel "
       "X in the low bits (the name lists widths from the top); the whole dword is range checked and "
       "accessed; unsigned 11/10-bit float channels load exactly (f32, D16 f16; a NaN keeps its mantissa "
       "bits at the top) and store rounded to nearest even with gradual underflow, negative values and -0 "
       "as 0, NaN as NaN (top mantissa bits, quiet bit set), overflow to inf; 2-bit SNORM -2 loads as -1; "
       "a store of fewer channels writes 0 bits for the missing ones. [memory.cc reg_to_ufloat, buffer_format_t]",
       "UNVERIFIED: the ISA guide names the formats without defining their conversions; float rounding, "
       "overflow and NaN handling follow IEEE 754 and the Vulkan 11/10-bit float definitions, not measured"},
      {"smem_buffer_range_check",
       "s_buffer_load_*: address = V# base + offset + soffset; each dword whose end passes num_records "
       "reads 0 (raw check; stride, index and oob_select play no part); offset (signed 24-bit) + soffset "
       "is not wrapped, a dword at a negative offset reads 0. [memory.cc s_buffer_load]",
       "UNVERIFIED: the pseudocode's CalcBufferAddr is not defined in the guide extract"},
      {"smem_dword_alignment",
       "s_load_b32..b512 ignore bits [1:0] of the address (base + offset + soffset); s_buffer_load_b32..b512 "
       "ignore bits [1:0] of offset + soffset (the V# base is used as it is); the sub-dword forms "
       "(u8, i8, u16, i16) use the address as it is. [memory.cc s_load, s_buffer_load]",
       "UNVERIFIED: the S_LOAD_* / S_BUFFER_LOAD_* pseudocode reads MEM[addr] without rounding; the "
       "rounding follows the dword granularity of scalar loads, not measured on hardware"},
      {"float_atomics",
       "add_f32, pk_add_f16, pk_add_bf16 atomics round to nearest even with denormals kept, whatever "
       "MODE says; a NaN result is the first NaN operand quieted (memory first for add_f32, data first "
       "for pk_add), else the default NaN 0x7fc00000 / 0x7e00 / 0x7fc0. min/max_num follow the "
       "pseudocode (two NaNs: the data NaN quieted; -0 < +0). [memory.h atom]",
       "UNVERIFIED: rounding, denormal flushing and NaN payloads of memory-side float atomics are not "
       "documented"},
      {"atomic_alignment",
       "Atomics at an address that is not a multiple of their size are performed on those bytes "
       "(no fault, no rounding down). [memory.cc rmw]",
       "UNVERIFIED: hardware behaviour for misaligned atomics is not documented"},
      {"ds_swizzle_rotate",
       "ds_swizzle_b32 rotate mode (offset 0xc000-0xdfff): lane i reads lane (i & mask) | (r & ~mask) "
       "of its group, r = (i + size) mod 32 when offset[10] is 0, (i - size) mod 32 when it is 1, "
       "mask = offset[4:0]; FFT mode reverses the 5-bit lane id. [memory.cc swizzle_src]",
       "UNVERIFIED: the guide extract gives only the FFT mode's pseudocode; rotate direction taken from "
       "LLVM's swizzle(ROTATE,dir,size) syntax, not measured"},
      {"global_addtid_offset",
       "global_load_addtid_b32 / global_store_addtid_b32: lane l's address is the SGPR pair (0 for off) "
       "+ the whole signed 24-bit instruction offset + 4 * l. [memory.cc global_addtid]",
       "UNVERIFIED: the pseudocode names INST_OFFSET[11:0] (12 bits); whether the 24-bit offset field "
       "counts in full is not documented"},
  };
  return list;
}

// Candidate models (RDNA4_EMU_MODEL): the rows of candidates.csv, in the order of
// detail::Choice; names[0] is the default model above. Each candidate's meaning is in
// docs/facts/unverified.md and at its MODEL() mark.
namespace {

struct CandidateRow {
  wmma::detail::Choice choice;
  ModelCandidates c;
};

const std::vector<CandidateRow>& candidate_rows() {
  using wmma::detail::Choice;
#define RDNA4_MODEL_CHOICE_ROW(E, ID, PROBE, ...) {Choice::E, {ID, {__VA_ARGS__}, PROBE}},
  static const std::vector<CandidateRow> rows = {RDNA4_MODEL_CHOICES(RDNA4_MODEL_CHOICE_ROW)};
#undef RDNA4_MODEL_CHOICE_ROW
  return rows;
}

struct Selection {
  int pick[static_cast<int>(wmma::detail::Choice::kCount)] = {};
  bool all_default = true;
};

bool parse_selection(const std::string& value, Selection* sel, std::string* why) {
  Selection s;
  std::string seen;
  size_t at = 0;
  while (at <= value.size() && !value.empty()) {
    size_t end = value.find(',', at);
    if (end == std::string::npos) end = value.size();
    const std::string item = value.substr(at, end - at);
    const size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == item.size()) {
      *why = "'" + item + "' is not id=candidate";
      return false;
    }
    const std::string id = item.substr(0, eq), name = item.substr(eq + 1);
    const CandidateRow* row = nullptr;
    for (const CandidateRow& r : candidate_rows())
      if (r.c.id == id) row = &r;
    if (!row) {
      *why = "unknown assumption id '" + id + "' (rdna4-emu assumptions lists the ids with candidates)";
      return false;
    }
    if (seen.find("," + id + ",") != std::string::npos) {
      *why = "assumption '" + id + "' given twice";
      return false;
    }
    seen += "," + id + ",";
    int k = -1;
    for (size_t i = 0; i < row->c.names.size(); ++i)
      if (row->c.names[i] == name) k = static_cast<int>(i);
    if (k < 0) {
      std::string all;
      for (const std::string& n : row->c.names) all += (all.empty() ? "" : ", ") + n;
      *why = "unknown candidate '" + name + "' for " + id + " (candidates: " + all + ")";
      return false;
    }
    s.pick[static_cast<int>(row->choice)] = k;
    if (k != 0) s.all_default = false;
    at = end + 1;
  }
  *sel = s;
  return true;
}

const Selection& selection() {
  static const Selection sel = [] {
    Selection s;
    const char* v = std::getenv("RDNA4_EMU_MODEL");
    std::string why;
    if (v && !parse_selection(v, &s, &why)) {
      std::fprintf(stderr, "rdna4emu: RDNA4_EMU_MODEL=%s: %s\n", v, why.c_str());
      std::exit(2);
    }
    return s;
  }();
  return sel;
}

}  // namespace

const std::vector<ModelCandidates>& model_candidates() {
  static const std::vector<ModelCandidates> list = [] {
    std::vector<ModelCandidates> v;
    for (const CandidateRow& r : candidate_rows()) v.push_back(r.c);
    return v;
  }();
  return list;
}

int model_choice(const std::string& id) {
  for (const CandidateRow& r : candidate_rows())
    if (r.c.id == id) return selection().pick[static_cast<int>(r.choice)];
  // A semantics file asked for an id that has no row in candidates.csv (a typo, or a
  // row not added yet): stop rather than silently run the default model.
  std::fprintf(stderr, "rdna4emu: internal error: model_choice(\"%s\"): no such id in candidates.csv\n",
               id.c_str());
  std::exit(2);
}

bool model_selection_valid(const std::string& value, std::string* why) {
  Selection s;
  std::string w;
  const bool ok = parse_selection(value, &s, &w);
  if (why) *why = w;
  return ok;
}

namespace wmma::detail {
int pick(Choice c) { return selection().pick[static_cast<int>(c)]; }
bool all_default() { return selection().all_default; }
}  // namespace wmma::detail

}  // namespace rdna4emu
