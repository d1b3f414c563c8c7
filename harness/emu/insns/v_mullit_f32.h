// v_mullit_f32: -MAX_FLOAT when S1 is -MAX_FLOAT, -inf or NaN, or S2 <= 0 or NaN; else S0 * S1.
vop_f32(w, in, [](float a, float b, float c) {
  const float nmax = -std::numeric_limits<float>::max();
  if (b == nmax || b == -std::numeric_limits<float>::infinity() || b != b || c <= 0 || c != c) return nmax;
  return a * b;
});
