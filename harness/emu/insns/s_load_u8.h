// s_load_u8: scalar load (u8).
s_load<mem::u8>(w, in);
