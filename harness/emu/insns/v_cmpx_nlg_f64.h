// v_cmpx_nlg_f64
vop_cmp_f64(w, in, [](double a, double b) { return !(a < b || a > b); });
