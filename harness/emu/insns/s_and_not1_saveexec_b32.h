// s_and_not1_saveexec_b32
// EXEC is 32 bits in wave32 (mask operands).
uint64_t e = w.exec(), s0 = sread_mask(w, in.src[0]);
swrite_mask(w, in.dst, e);
uint64_t r = (s0 & ~e) & w.full;
w.set_exec(r);
SCC = r != 0;
