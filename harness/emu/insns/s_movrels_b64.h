// s_movrels_b64: D = SGPR pair [S0 field + M0] (relative to M0).
unsigned r;
if (movrel_index(w, in, uint64_t(in.src[0].code) + w.s[kM0], 2, &r)) SDST64(uint64_t(w.s[r]) | uint64_t(w.s[r + 1]) << 32);
