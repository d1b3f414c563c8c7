// v_cmp_ge_u16 (and v_cmpx_ge_u16): S0.u16 >= S1.u16 per lane (AMD RDNA4 ISA reference guide, V_CMP_GE_U16); halves per semantics.h src16.
vop_cmp_u16(w, in, [](uint16_t a, uint16_t b) { return a >= b; });
