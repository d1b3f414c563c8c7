// v_pk_min_num_f16: per half IEEE minimumNumber (V_MIN_NUM_F16). vop3p.h.
vop_pk_f16_sel(w, in, [](uint16_t a, uint16_t b) { return min_num_f16(a, b, false); });
