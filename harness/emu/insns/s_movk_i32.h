// s_movk_i32
SDST(int32_t(in.imm));
