// v_pk_max_num_f16: per half IEEE maximumNumber (V_MAX_NUM_F16). vop3p.h.
vop_pk_f16_sel(w, in, [](uint16_t a, uint16_t b) { return min_num_f16(a, b, true); });
