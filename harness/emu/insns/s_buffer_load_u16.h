// s_buffer_load_u16: scalar load through a buffer descriptor (u16).
s_buffer_load<mem::u16>(w, in);
