// tbuffer_store_format_x: 1 channel to the data format of the instruction.
buffer_format<1, false, false>(w, in, true, true);
