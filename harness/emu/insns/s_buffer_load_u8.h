// s_buffer_load_u8: scalar load through a buffer descriptor (u8).
s_buffer_load<mem::u8>(w, in);
