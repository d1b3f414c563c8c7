// s_movrelsd_2_b32: SGPR[D field + M0[25:16]] = SGPR[S0 field + M0[9:0]] (out of range:
// salu.h movrel_index).
unsigned rs, rd; uint32_t m0 = w.s[kM0];
if (movrel_index(w, in, uint64_t(in.src[0].code) + (m0 & 0x3ff), 1, &rs) &&
    movrel_index(w, in, uint64_t(in.dst.code) + ((m0 >> 16) & 0x3ff), 1, &rd))
  movrel_set(w, rd, movrel_get(w, rs));
