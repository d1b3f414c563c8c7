// v_mul_dx9_zero_f32: 0 * anything (inf, NaN included) = +0 (DX9 rule), else S0 * S1.
vop_f32(w, in, [](float a, float b, float) { return (a == 0 || b == 0) ? 0.0f : a * b; });
