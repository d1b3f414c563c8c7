// v_add_co_ci_u32: Carry-out lanes outside EXEC are 0.
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
uint64_t cin = sread_mask(w, in.src[2]);
uint32_t* d = w.vreg(in.dst.reg);
uint64_t cout = 0;
for_lanes(w, [&](unsigned l) {
  uint64_t c = (cin >> l) & 1;
  uint64_t r = uint64_t(a[l]) + b[l] + c;
  d[l] = uint32_t(r);
  cout |= (r >> 32) << l;
});
swrite_mask(w, in.sdst, cout);
