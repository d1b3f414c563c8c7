// s_mulk_i32
SDST(uint32_t(int32_t(sread(w, in.dst))) * uint32_t(in.imm));
