// s_buffer_load_b32: scalar load through a buffer descriptor (b32).
s_buffer_load<mem::b32>(w, in);
