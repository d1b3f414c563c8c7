// v_movreld_b32: VGPR[vdst + M0] = S0 (AMD RDNA4 ISA reference guide, V_MOVRELD_B32); an index outside the
// kernel's VGPRs faults (semantics.h movrel_reg).
unsigned r;
if (!movrel_reg(w, in, in.dst, w.s[kM0], &r)) return;
VSRC(a, in.src[0]);
uint32_t* d = w.vreg(r);
for_lanes(w, [&](unsigned l) { d[l] = a[l]; });
