// v_mad_u32_u16: D.u32 = S0.u16 * S1.u16 + S2.u32; clamp saturates the exact result to 0xffffffff
// (AMD RDNA4 ISA reference guide, V_MAD_U32_U16). S0/S1 halves: op_sel[0]/[1] (semantics.h src16).
vop_mad32_16<false>(w, in);
