// v_div_fmas_f32: fma(S0, S1, S2), scaled back by 2^+-64 where VCC[lane] is set (see
// vop_div_fmas; UNVERIFIED model div_fmas_scale).
vop_div_fmas<float>(w, in);
