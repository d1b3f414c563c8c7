// s_load_b128: scalar load (b128).
s_load<mem::b128>(w, in);
