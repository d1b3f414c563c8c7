// s_load_b256: scalar load (b256).
s_load<mem::b256>(w, in);
