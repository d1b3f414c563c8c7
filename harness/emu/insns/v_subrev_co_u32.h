// v_subrev_co_u32
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
uint32_t* d = w.vreg(in.dst.reg);
uint64_t cout = 0;
for_lanes(w, [&](unsigned l) {
  uint32_t x = a[l], y = b[l];  // read before writing: d may alias a or b
  d[l] = y - x;
  cout |= uint64_t(x > y) << l;
});
swrite_mask(w, in.sdst, cout);
