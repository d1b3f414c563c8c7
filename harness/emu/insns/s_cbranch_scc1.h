// s_cbranch_scc1
if (SCC) branch(w, in);
