// s_load_b512: scalar load (b512).
s_load<mem::b512>(w, in);
