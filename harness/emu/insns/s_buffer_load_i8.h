// s_buffer_load_i8: scalar load through a buffer descriptor (i8).
s_buffer_load<mem::i8>(w, in);
