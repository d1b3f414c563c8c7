// v_fma_mixlo_f16: mixed-precision fma, result rounded to f16 into the low half (vop3p.h vop_fma_mix).
vop_fma_mix<MixDst::F16Lo>(w, in);
