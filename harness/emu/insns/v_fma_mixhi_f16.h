// v_fma_mixhi_f16: mixed-precision fma. Source i is f16 (the half picked by op_sel[i]) when
// op_sel_hi[i] is set, else f32; neg_hi = abs, neg_lo = neg (applied in that
// order). fma at f32 precision; the f32 result is then rounded to f16 (RNE) into one half, the other half kept.
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
VSRC(c, in.src[2]);
uint32_t* d = w.vreg(in.dst.reg);
auto get = [&](uint32_t x, int i) {
  float f = ((in.opsel_hi >> i) & 1) ? f16_to_f32(half_of(x, (in.opsel >> i) & 1)) : as_f(x);
  if ((in.neg_hi >> i) & 1) f = std::fabs(f);
  if ((in.neg >> i) & 1) f = -f;
  return f;
};
for_lanes(w, [&](unsigned l) {
  float x = get(a[l], 0), y = get(b[l], 1), z = get(c[l], 2);
  float r = std::fma(x, y, z);
  if (r != r) r = nan_result(x, y, z);
  if (in.clamp) r = std::isnan(r) ? 0.0f : std::min(std::max(r, 0.0f), 1.0f);
  d[l] = (d[l] & 0xffffu) | (uint32_t(f32_to_f16(r)) << 16);
});
