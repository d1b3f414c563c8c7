// s_movrels_b32: D = SGPR[S0 field + M0] (the source register number is relative to M0;
// out of range: salu.h movrel_index).
unsigned r;
if (movrel_index(w, in, uint64_t(in.src[0].code) + w.s[kM0], 1, &r)) SDST(movrel_get(w, r));
