// Every SWMMAC row (isa/vop3p.csv: the others name this file with sem=): D = C + sparse(A, index) x B
// via rdna4emu::wmma::sparse; the variant follows from the opcode (wmma/variants.def).
exec_swmmac(w, in);
