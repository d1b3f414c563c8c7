// s_fmac_f32
SDST(as_u(sflt(w, std::fma(sflt(w, as_f(S0)), sflt(w, as_f(S1)), sflt(w, as_f(sread(w, in.dst)))))));
