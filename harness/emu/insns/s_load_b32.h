// s_load_b32: scalar load (b32).
s_load<mem::b32>(w, in);
