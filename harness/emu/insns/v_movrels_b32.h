// v_movrels_b32: D = VGPR[src0 + M0] (AMD RDNA4 ISA reference guide, V_MOVRELS_B32); an index outside the
// kernel's VGPRs faults (semantics.h movrel_reg).
unsigned r;
if (!movrel_reg(w, in, in.src[0], w.s[kM0], &r)) return;
const uint32_t* s = w.vreg(r);
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) { d[l] = s[l]; });
