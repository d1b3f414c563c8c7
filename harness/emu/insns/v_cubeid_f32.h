// v_cubeid_f32: cube map face id of the direction (S0, S1, S2) = (x, y, z), as the
// pseudocode's comparisons say (a NaN compares false; NaN operands are returned unquieted).
vop_f32<true>(w, in, [](float x, float y, float z) {
  if (std::fabs(z) >= std::fabs(x) && std::fabs(z) >= std::fabs(y)) return z < 0 ? 5.0f : 4.0f;
  if (std::fabs(y) >= std::fabs(x)) return y < 0 ? 3.0f : 2.0f;
  return x < 0 ? 1.0f : 0.0f;
});
