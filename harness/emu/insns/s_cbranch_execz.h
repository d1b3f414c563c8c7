// s_cbranch_execz
if (w.exec() == 0) branch(w, in);
