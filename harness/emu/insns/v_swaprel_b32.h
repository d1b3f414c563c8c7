// v_swaprel_b32: swap VGPR[vdst + M0[25:16]] and VGPR[src0 + M0[9:0]] per EXEC lane (AMD RDNA4 ISA reference
// guide, V_SWAPREL_B32).
unsigned rs, rd;
const uint32_t m0 = w.s[kM0];
if (!movrel_reg(w, in, in.src[0], m0 & 0x3ff, &rs) || !movrel_reg(w, in, in.dst, (m0 >> 16) & 0x3ff, &rd)) return;
uint32_t* s = w.vreg(rs);
uint32_t* d = w.vreg(rd);
for_lanes(w, [&](unsigned l) { const uint32_t t = d[l]; d[l] = s[l]; s[l] = t; });
