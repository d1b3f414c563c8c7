// v_cndmask_b16: D.u16 = mask[lane] ? S1.u16 : S0.u16, mask = S2 (VCC or an SGPR/pair in VOP3)
// (AMD RDNA4 ISA reference guide, V_CNDMASK_B16; llvm-mc: v_cndmask_b16 v1, v2, v3, vcc_lo).
{
  const uint64_t m = sread_mask(w, in.src[2]);
  const Src16 a = src16(w, in, 0), b = src16(w, in, 1);
  const Dst16 d = dst16(w, in);
  for_lanes(w, [&](unsigned l) { d.set(l, ((m >> l) & 1) ? b[l] : a[l]); });
}
