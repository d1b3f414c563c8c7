// s_and_saveexec_b64
uint64_t e = w.exec(), s0 = S0_64;
SDST64(e);
uint64_t r = (e & s0) & w.full;
w.set_exec(r);
SCC = r != 0;
