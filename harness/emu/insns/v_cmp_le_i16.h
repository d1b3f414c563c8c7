// v_cmp_le_i16 (and v_cmpx_le_i16): S0.i16 <= S1.i16 per lane (AMD RDNA4 ISA reference guide, V_CMP_LE_I16); halves per semantics.h src16.
vop_cmp_u16(w, in, [](uint16_t a, uint16_t b) { return int16_t(a) <= int16_t(b); });
