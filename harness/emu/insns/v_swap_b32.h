// v_swap_b32: swap vdst and src0 (a VGPR) per EXEC lane (AMD RDNA4 ISA reference guide, V_SWAP_B32).
if (in.src[0].kind != OperandKind::VGPR) { not_supported(w, in, "a non-VGPR v_swap_b32 source"); return; }
uint32_t* s = w.vreg(in.src[0].reg);
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) { const uint32_t t = d[l]; d[l] = s[l]; s[l] = t; });
