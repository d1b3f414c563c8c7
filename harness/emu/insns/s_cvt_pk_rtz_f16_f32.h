// s_cvt_pk_rtz_f16_f32: D = {S1 as f16, S0 as f16}, both rounded toward zero
// whatever MODE says; denormal inputs per the f32 field, results per the f16 field.
float a = salu_in32(w, as_f(S0)), b = salu_in32(w, as_f(S1));
auto cvt = [&](float x) { return salu_out16(w, std::isnan(x) ? f32_to_f16(quiet(x)) : salu_round16(double(x), 3), x, 0.0f, 0.0f); };
SDST(uint32_t(cvt(a)) | uint32_t(cvt(b)) << 16);
