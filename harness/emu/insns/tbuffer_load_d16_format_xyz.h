// tbuffer_load_d16_format_xyz: 3 channels from the data format of the instruction as 16-bit values.
buffer_format<3, true, false>(w, in, false, true);
