// v_div_scale_f32: scale the numerator or denominator of a division by 2^+-64
// when the quotient or the reciprocal would leave the normal range; VCC (the
// scalar destination) tells v_div_fmas_f32 to undo it. S0 = value to scale
// (numerator or denominator), S1 = denominator, S2 = numerator. RDNA ISA pseudo-code.
VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u), c = vsrc_mod(w, in, 2, 0x80000000u);
if (a.m == 0) a.p = &a.val;
if (b.m == 0) b.p = &b.val;
if (c.m == 0) c.p = &c.val;
uint32_t* d = w.vreg(in.dst.reg);
uint64_t vcc = 0;
for_lanes(w, [&](unsigned l) {
  float s0 = as_f(a[l]), den = as_f(b[l]), num = as_f(c[l]);
  int eden = int((b[l] >> 23) & 0xff), enm = int((c[l] >> 23) & 0xff);
  auto denorm = [](float f) { return std::fpclassify(f) == FP_SUBNORMAL; };
  float r = s0;
  if (num == 0 || den == 0) {
    r = std::numeric_limits<float>::quiet_NaN();
  } else if (std::isnan(num) || std::isnan(den) || std::isinf(num) || std::isinf(den)) {
    r = s0;  // v_div_fixup_f32 produces the special result
  } else if (enm - eden >= 96) {
    vcc |= uint64_t(1) << l;
    if (s0 == den) r = std::ldexp(s0, 64);
  } else if (denorm(den)) {
    r = std::ldexp(s0, 64);
  } else if (denorm(1.0f / den) && denorm(num / den)) {
    vcc |= uint64_t(1) << l;
    if (s0 == den) r = std::ldexp(s0, 64);
  } else if (denorm(1.0f / den)) {
    r = std::ldexp(s0, -64);
  } else if (denorm(num / den)) {
    vcc |= uint64_t(1) << l;
    if (s0 == num) r = std::ldexp(s0, 64);
  } else if (enm <= 23) {
    r = std::ldexp(s0, 64);
  }
  d[l] = as_u(r);
});
swrite_mask(w, in.sdst, vcc);
