// s_load_u16: scalar load (u16).
s_load<mem::u16>(w, in);
