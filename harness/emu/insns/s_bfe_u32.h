// s_bfe_u32: D = (S0 >> S1[4:0]) & ((1 << S1[22:16]) - 1): unsigned field of width
// S1[22:16] at offset S1[4:0]; width 0 gives 0, width >= 32 all the shifted bits
// (UNVERIFIED, MODEL(salu_bfe_wide_width)). SCC = D != 0.
// Candidate width_mod (RDNA4_EMU_MODEL=salu_bfe_wide_width=width_mod): the width taken modulo 32.
static const bool wmod = model::active<model::SaluBfeWideWidth>() == model::SaluBfeWideWidth::WidthMod;
uint32_t off = S1 & 31, wd = (S1 >> 16) & (wmod ? 0x1f : 0x7f); uint32_t r = wd == 0 ? 0 : (S0 >> off) & (wd >= 32 ? ~0u : (1u << wd) - 1); SDST(r); SCC = r != 0;
