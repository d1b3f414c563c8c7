// s_cbranch_scc0
if (!SCC) branch(w, in);
