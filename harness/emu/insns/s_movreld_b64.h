// s_movreld_b64: SGPR pair [D field + M0] = S0 (relative to M0).
unsigned r; uint64_t v = S0_64;
if (movrel_index(w, in, uint64_t(in.dst.code) + w.s[kM0], 2, &r)) { w.s[r] = uint32_t(v); w.s[r + 1] = uint32_t(v >> 32); }
