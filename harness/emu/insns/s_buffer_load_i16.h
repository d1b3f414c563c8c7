// s_buffer_load_i16: scalar load through a buffer descriptor (i16).
s_buffer_load<mem::i16>(w, in);
