// s_cls_i32: number of leading bits equal to bit 31, not counting bit 31 itself
// (position of the first bit from the top that differs from the sign); -1 if all 32 bits are equal.
uint32_t x = S0, y = x ^ uint32_t(int32_t(x) >> 31);  // bits that differ from the sign
SDST(y ? uint32_t(__builtin_clz(y)) : ~0u);
