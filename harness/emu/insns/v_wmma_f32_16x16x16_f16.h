// Every dense WMMA row (isa/vop3p.csv: the others name this file with sem=): D = A x B + C via
// rdna4emu::wmma::dense (harness/emu/wmma); the variant follows from the opcode (wmma/variants.def).
exec_wmma(w, in);
