// v_swap_b16: swap the 16-bit halves named by vdst and src0 (e32: fields of 128 and more are high halves,
// semantics.h src16/dst16); the other halves are kept (AMD RDNA4 ISA reference guide, V_SWAP_B16).
if (in.src[0].kind != OperandKind::VGPR) { not_supported(w, in, "a non-VGPR v_swap_b16 source"); return; }
const Dst16 d = dst16(w, in), s = dst16_of(w, in, in.src[0], 0);
for_lanes(w, [&](unsigned l) { const uint16_t t = d.get(l); d.set(l, s.get(l)); s.set(l, t); });
