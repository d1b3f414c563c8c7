// s_buffer_load_b512: scalar load through a buffer descriptor (b512).
s_buffer_load<mem::b512>(w, in);
