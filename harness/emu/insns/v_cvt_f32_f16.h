// v_cvt_f32_f16
bool h0 = in.opsel & 1;
VSrc a = vsrc_mod(w, in, 0, h0 ? 0x80000000u : 0x8000u);
if (a.m == 0) a.p = &a.val;
uint32_t* d = w.vreg(in.dst.reg);
bool z = w.ftz32;
for_lanes(w, [&](unsigned l) {
  float f = omod_clamp(in, f16_to_f32(half_of(a[l], h0)));
  d[l] = as_u(z ? flush32(f) : f);
});
