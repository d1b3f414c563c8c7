// v_cubetc_f32: cube map T coordinate of the direction (S0, S1, S2) = (x, y, z), as the
// pseudocode's comparisons say (a NaN compares false; NaN operands are returned unquieted).
vop_f32<true>(w, in, [](float x, float y, float z) {
  if (std::fabs(z) >= std::fabs(x) && std::fabs(z) >= std::fabs(y)) return -y;
  if (std::fabs(y) >= std::fabs(x)) return y < 0 ? -z : z;
  return -y;
});
