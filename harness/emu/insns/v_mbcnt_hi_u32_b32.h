// v_mbcnt_hi_u32_b32: D = popcount(S0 & lanes below this one among lanes 32-63) + S1.
VSRC(a, in.src[0]);
VSRC(b, in.src[1]);
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) {
  uint32_t below = l < 32 ? 0u : (l == 32 ? 0u : (0xffffffffu >> (64 - l)));
  d[l] = uint32_t(__builtin_popcount(a[l] & below)) + b[l];
});
