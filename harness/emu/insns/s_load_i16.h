// s_load_i16: scalar load (i16).
s_load<mem::i16>(w, in);
