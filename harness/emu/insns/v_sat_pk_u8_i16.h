// v_sat_pk_u8_i16: each signed 16-bit half of S0 (32 bits) saturates to [0, 255]; the two bytes
// (low half -> bits [7:0], high half -> [15:8]) form the 16-bit result (AMD RDNA4 ISA reference guide,
// V_SAT_PK_U8_I16). The destination is 16 bits (dst16: the other half kept).
{
  VSRC(a, in.src[0]);
  const Dst16 d = dst16(w, in);
  auto sat8 = [](uint16_t h) -> uint32_t { int v = int16_t(h); return v <= 0 ? 0u : v >= 255 ? 255u : uint32_t(v); };
  for_lanes(w, [&](unsigned l) {
    uint32_t x = a[l];
    d.set(l, uint16_t(sat8(uint16_t(x)) | sat8(uint16_t(x >> 16)) << 8));
  });
}
