// s_nor_b64: D = ~(S0 | S1); SCC = D != 0.
s_logic64(w, in, [](uint64_t a, uint64_t b) { return ~(a | b); });
