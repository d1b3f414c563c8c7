// buffer_load_d16_format_xyzw: 4 channels from the data format of the V# as 16-bit values.
buffer_format<4, true, false>(w, in, false, false);
