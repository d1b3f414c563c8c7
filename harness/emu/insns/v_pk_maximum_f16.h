// v_pk_maximum_f16: per half IEEE maximum (NaN propagating; V_MAXIMUM_F16). vop3p.h.
vop_pk_f16_sel(w, in, [](uint16_t a, uint16_t b) { return minimum_f16(a, b, true); });
