// v_mad_co_i64_i32: Signed; the carry-out flags signed overflow of the 64-bit result.
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
VSRC(cl, in.src[2]);
VSRC_HI(ch, in.src[2]);
uint32_t* dl = w.vreg(in.dst.reg);
uint32_t* dh = w.vreg(in.dst.reg + 1);
uint64_t carry = 0;
for_lanes(w, [&](unsigned l) {
  uint64_t c = uint64_t(cl[l]) | uint64_t(ch[l]) << 32;
  __int128 p = (__int128)(int64_t(int32_t(a[l])) * int64_t(int32_t(b[l]))) + (__int128)int64_t(c);
  uint64_t r = uint64_t(p);
  carry |= uint64_t((p >> 64) != ((__int128)int64_t(r) >> 64)) << l;
  dl[l] = uint32_t(r);
  dh[l] = uint32_t(r >> 32);
});
swrite_mask(w, in.sdst, carry);
