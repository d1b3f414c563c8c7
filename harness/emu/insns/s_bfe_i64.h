// s_bfe_i64: offset = S1[5:0], width = S1[22:16]; as s_bfe_i32 on 64 bits (the
// field comes from the arithmetic shift, sign-extended from bit width - 1; width >= 64:
// the whole shifted value, the pseudocode being silent there: UNVERIFIED, MODEL(salu_bfe_wide_width)).
// Candidate width_mod (RDNA4_EMU_MODEL=salu_bfe_wide_width=width_mod): the width taken modulo 64.
static const bool wmod = model::active<model::SaluBfeWideWidth>() == model::SaluBfeWideWidth::WidthMod;
uint32_t off = S1 & 63, wd = (S1 >> 16) & (wmod ? 0x3f : 0x7f);
int64_t x = int64_t(S0_64) >> off, r = 0;
if (wd >= 64) r = x;
else if (wd) r = int64_t(uint64_t(x) << (64 - wd)) >> (64 - wd);
SDST64(r); SCC = r != 0;
