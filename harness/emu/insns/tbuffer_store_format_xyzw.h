// tbuffer_store_format_xyzw: 4 channels to the data format of the instruction.
buffer_format<4, false, false>(w, in, true, true);
