// v_subrev_co_u32
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
uint32_t* d = w.vreg(in.dst.reg);
uint64_t cout = 0;
for_lanes(w, [&](unsigned l) {
  d[l] = b[l] - a[l];
  cout |= uint64_t(a[l] > b[l]) << l;
});
swrite_mask(w, in.sdst, cout);
