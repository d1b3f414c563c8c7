// v_pk_fmac_f16: D.hi = fma(S0.hi, S1.hi, D.hi), D.lo = fma(S0.lo, S1.lo, D.lo) (f16, one
// rounding each in the MODE f16 direction; e32 encoding only, no modifiers).
vop_pk_fmac_f16(w, in);
