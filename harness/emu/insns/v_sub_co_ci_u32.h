// v_sub_co_ci_u32
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
uint64_t cin = sread_mask(w, in.src[2]);
uint32_t* d = w.vreg(in.dst.reg);
uint64_t cout = 0;
for_lanes(w, [&](unsigned l) {
  uint64_t c = (cin >> l) & 1;
  uint32_t x = a[l];  // read before writing: d may alias a
  uint64_t s = uint64_t(b[l]) + c;
  d[l] = uint32_t(x - s);
  cout |= uint64_t(s > x) << l;
});
swrite_mask(w, in.sdst, cout);
