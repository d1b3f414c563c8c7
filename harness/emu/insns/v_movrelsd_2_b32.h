// v_movrelsd_2_b32: VGPR[vdst + M0[25:16]] = VGPR[src0 + M0[9:0]] (AMD RDNA4 ISA reference guide,
// V_MOVRELSD_2_B32).
unsigned rs, rd;
const uint32_t m0 = w.s[kM0];
if (!movrel_reg(w, in, in.src[0], m0 & 0x3ff, &rs) || !movrel_reg(w, in, in.dst, (m0 >> 16) & 0x3ff, &rd)) return;
const uint32_t* s = w.vreg(rs);
uint32_t* d = w.vreg(rd);
for_lanes(w, [&](unsigned l) { d[l] = s[l]; });
