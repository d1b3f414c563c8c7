// tbuffer_load_format_xy: 2 channels from the data format of the instruction.
buffer_format<2, false, false>(w, in, false, true);
