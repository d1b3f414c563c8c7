// s_movrels_b64: D = SGPR pair [S0 field + M0] (relative to M0; out of range: salu.h movrel_index).
unsigned r;
if (movrel_index(w, in, uint64_t(in.src[0].code) + w.s[kM0], 2, &r))
  SDST64(uint64_t(movrel_get(w, r)) | uint64_t(movrel_get(w, movrel_next(r))) << 32);
