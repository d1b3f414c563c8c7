// s_load_i8: scalar load (i8).
s_load<mem::i8>(w, in);
