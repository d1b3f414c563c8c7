// tbuffer_load_format_xyz: 3 channels from the data format of the instruction.
buffer_format<3, false, false>(w, in, false, true);
