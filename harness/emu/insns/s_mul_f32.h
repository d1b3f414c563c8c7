// s_mul_f32
SDST(as_u(sflt(w, sflt(w, as_f(S0)) * sflt(w, as_f(S1)))));
