// s_cbranch_execnz
if (w.exec() != 0) branch(w, in);
