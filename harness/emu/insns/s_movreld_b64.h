// s_movreld_b64: SGPR pair [D field + M0] = S0 (relative to M0; out of range: salu.h movrel_index).
unsigned r; uint64_t v = S0_64;
if (movrel_index(w, in, uint64_t(in.dst.code) + w.s[kM0], 2, &r)) {
  movrel_set(w, r, uint32_t(v));
  movrel_set(w, movrel_next(r), uint32_t(v >> 32));
}
