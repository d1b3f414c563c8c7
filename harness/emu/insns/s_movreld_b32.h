// s_movreld_b32: SGPR[D field + M0] = S0 (the destination register number is relative to M0;
// out of range: salu.h movrel_index).
unsigned r; uint32_t v = S0;
if (movrel_index(w, in, uint64_t(in.dst.code) + w.s[kM0], 1, &r)) movrel_set(w, r, v);
