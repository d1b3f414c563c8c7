// v_mad_i32_i16: D.i32 = S0.i16 * S1.i16 + S2.i32; clamp saturates the exact result to the int32 range
// (AMD RDNA4 ISA reference guide, V_MAD_I32_I16). S0/S1 halves: op_sel[0]/[1] (semantics.h src16).
vop_mad32_16<true>(w, in);
