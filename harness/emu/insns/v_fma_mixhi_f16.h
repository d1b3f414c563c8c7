// v_fma_mixhi_f16: mixed-precision fma, result rounded to f16 into the high half (vop3p.h vop_fma_mix).
vop_fma_mix<MixDst::F16Hi>(w, in);
