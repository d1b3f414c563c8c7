// s_cbranch_vccnz
if (w.vcc() != 0) branch(w, in);
