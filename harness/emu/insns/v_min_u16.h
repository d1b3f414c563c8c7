// v_min_u16: 16-bit integer op on the low halves (op_sel picks halves); the other half of the destination is kept.
bool h0 = in.opsel & 1, h1 = (in.opsel >> 1) & 1, hd = (in.opsel >> 3) & 1;
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) {
  uint16_t x = half_of(a[l], h0), y = half_of(b[l], h1);
  (void)y;
  uint16_t r = uint16_t(std::min(x, y));
  d[l] = hd ? (d[l] & 0xffffu) | (uint32_t(r) << 16) : (d[l] & 0xffff0000u) | r;
});
