// tbuffer_load_d16_format_xyzw: 4 channels from the data format of the instruction as 16-bit values.
buffer_format<4, true, false>(w, in, false, true);
