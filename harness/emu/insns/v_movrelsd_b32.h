// v_movrelsd_b32: VGPR[vdst + M0] = VGPR[src0 + M0] (AMD RDNA4 ISA reference guide, V_MOVRELSD_B32).
unsigned rs, rd;
if (!movrel_reg(w, in, in.src[0], w.s[kM0], &rs) || !movrel_reg(w, in, in.dst, w.s[kM0], &rd)) return;
const uint32_t* s = w.vreg(rs);
uint32_t* d = w.vreg(rd);
for_lanes(w, [&](unsigned l) { d[l] = s[l]; });
