// buffer_load_d16_format_xy: 2 channels from the data format of the V# as 16-bit values.
buffer_format<2, true, false>(w, in, false, false);
