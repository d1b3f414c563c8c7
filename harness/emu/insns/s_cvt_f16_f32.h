// s_cvt_f16_f32: D[15:0] = S0 rounded to f16 in the MODE f16 direction; denormal
// input flushed per the f32 field, denormal result per the f16 field; D[31:16] per salu.h salu_f16_dst.
float a = salu_in32(w, as_f(S0));
uint16_t h = std::isnan(a) ? f32_to_f16(quiet(a)) : salu_round16(double(a), salu_round16m(w));
salu_f16_dst(w, in, salu_out16(w, h, a, 0.0f, 0.0f));
