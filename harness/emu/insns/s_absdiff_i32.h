// s_absdiff_i32
int64_t r = int64_t(int32_t(S0)) - int32_t(S1); if (r < 0) r = -r; SDST(uint32_t(r)); SCC = uint32_t(r) != 0;
