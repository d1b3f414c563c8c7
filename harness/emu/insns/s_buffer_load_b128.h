// s_buffer_load_b128: scalar load through a buffer descriptor (b128).
s_buffer_load<mem::b128>(w, in);
