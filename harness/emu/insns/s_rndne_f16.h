// s_rndne_f16: as s_rndne_f32 on the f16 in S0[15:0] (salu_rndne_signed_zero).
s_round_f16(w, in, salu_rndne);
