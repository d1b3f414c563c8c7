// v_mad_co_u64_u32: D = src0 * src1 + src2 (64-bit), carry-out of bit 64 to the scalar destination.
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
VSRC(cl, in.src[2]);
VSRC_HI(ch, in.src[2]);
uint32_t* dl = w.vreg(in.dst.reg);
uint32_t* dh = w.vreg(in.dst.reg + 1);
uint64_t carry = 0;
for_lanes(w, [&](unsigned l) {
  uint64_t c = uint64_t(cl[l]) | uint64_t(ch[l]) << 32;
  unsigned __int128 p = (unsigned __int128)(uint64_t(a[l]) * uint64_t(b[l])) + c;
  uint64_t r = uint64_t(p);
  carry |= uint64_t(p >> 64) << l;
  dl[l] = uint32_t(r);
  dh[l] = uint32_t(r >> 32);
});
swrite_mask(w, in.sdst, carry);
