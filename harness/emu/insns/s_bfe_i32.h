// s_bfe_i32: offset = S1[4:0], width = S1[22:16]. The field is taken from the
// arithmetic shift S0 >> offset (so bits past 31 are copies of the sign bit),
// masked to `width` bits and sign-extended from bit width - 1; width 0 gives 0,
// width >= 32 the whole shifted value. SCC = D != 0.
// The pseudocode's mask (1 << width) - 1 is not defined for width > 32; taken as all ones (UNVERIFIED, MODEL(salu_bfe_wide_width)).
// Candidate width_mod (RDNA4_EMU_MODEL=salu_bfe_wide_width=width_mod): the width taken modulo 32.
static const bool wmod = model::active<model::SaluBfeWideWidth>() == model::SaluBfeWideWidth::WidthMod;
uint32_t off = S1 & 31, wd = (S1 >> 16) & (wmod ? 0x1f : 0x7f);
int32_t x = int32_t(S0) >> off, r = 0;
if (wd >= 32) r = x;
else if (wd) r = int32_t(uint32_t(x) << (32 - wd)) >> (32 - wd);
SDST(r); SCC = r != 0;
