// s_addk_co_i32
int32_t a = int32_t(sread(w, in.dst)), b = in.imm; int32_t r = int32_t(uint32_t(a) + uint32_t(b)); SDST(r); SCC = ((a >= 0) == (b >= 0)) && ((r >= 0) != (a >= 0));
