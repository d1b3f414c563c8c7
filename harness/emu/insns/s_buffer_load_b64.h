// s_buffer_load_b64: scalar load through a buffer descriptor (b64).
s_buffer_load<mem::b64>(w, in);
