// v_fma_mix_f32: mixed-precision fma, f32 result (vop3p.h vop_fma_mix).
vop_fma_mix<MixDst::F32>(w, in);
