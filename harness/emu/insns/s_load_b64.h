// s_load_b64: scalar load (b64).
s_load<mem::b64>(w, in);
