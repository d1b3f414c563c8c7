// buffer_load_d16_format_x: 1 channel from the data format of the V# as 16-bit values.
buffer_format<1, true, false>(w, in, false, false);
