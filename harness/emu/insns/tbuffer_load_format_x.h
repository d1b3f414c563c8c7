// tbuffer_load_format_x: 1 channel from the data format of the instruction.
buffer_format<1, false, false>(w, in, false, true);
