// s_buffer_load_b256: scalar load through a buffer descriptor (b256).
s_buffer_load<mem::b256>(w, in);
