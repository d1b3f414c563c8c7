// s_cls_i32_i64: as s_cls_i32 on a 64-bit value; -1 if all 64 bits are equal.
uint64_t x = S0_64, y = x ^ uint64_t(int64_t(x) >> 63);
SDST(y ? uint32_t(__builtin_clzll(y)) : ~0u);
