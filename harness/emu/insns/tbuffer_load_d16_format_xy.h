// tbuffer_load_d16_format_xy: 2 channels from the data format of the instruction as 16-bit values.
buffer_format<2, true, false>(w, in, false, true);
