// s_cmovk_i32
if (SCC) SDST(int32_t(in.imm));
