// s_getreg_b32: D = bits [offset + size - 1 : offset] of hardware register id,
// zero-extended (simm16: [5:0] id, [10:6] offset, [15:11] size - 1; salu.h).
HwregField fld = hwreg_field(in);
uint32_t v;
if (hwreg_read(w, in, fld.id, &v)) SDST(uint32_t((uint64_t(v) >> fld.offset) & ((uint64_t(1) << fld.size) - 1)));
