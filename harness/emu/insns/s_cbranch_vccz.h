// s_cbranch_vccz
if (w.vcc() == 0) branch(w, in);
