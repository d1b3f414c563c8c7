// s_load_b96: scalar load (b96).
s_load<mem::b96>(w, in);
