// v_pk_minimum_f16: per half IEEE minimum (NaN propagating; V_MINIMUM_F16). vop3p.h.
vop_pk_f16_sel(w, in, [](uint16_t a, uint16_t b) { return minimum_f16(a, b, false); });
