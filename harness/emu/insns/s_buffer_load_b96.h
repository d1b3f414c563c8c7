// s_buffer_load_b96: scalar load through a buffer descriptor (b96).
s_buffer_load<mem::b96>(w, in);
