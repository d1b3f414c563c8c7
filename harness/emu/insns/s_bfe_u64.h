// s_bfe_u64: unsigned field of width S1[22:16] at offset S1[5:0] of the 64-bit S0; width 0
// gives 0, width >= 64 all the shifted bits (UNVERIFIED, MODEL(salu_bfe_wide_width)). SCC = D != 0.
// Candidate width_mod (RDNA4_EMU_MODEL=salu_bfe_wide_width=width_mod): the width taken modulo 64.
static const bool wmod = model::active<model::SaluBfeWideWidth>() == model::SaluBfeWideWidth::WidthMod;
uint32_t off = S1 & 63, wd = (S1 >> 16) & (wmod ? 0x3f : 0x7f);
uint64_t r = wd == 0 ? 0 : (S0_64 >> off) & (wd >= 64 ? ~uint64_t(0) : (uint64_t(1) << wd) - 1);
SDST64(r);
SCC = r != 0;
