// s_trunc_f32
SDST(as_u(std::trunc(sflt(w, as_f(S0)))));
