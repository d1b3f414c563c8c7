// v_div_fmas_f64: fma(S0, S1, S2), scaled back by 2^+-128 where VCC[lane] is set (see
// vop_div_fmas; UNVERIFIED model div_fmas_scale).
vop_div_fmas<double>(w, in);
