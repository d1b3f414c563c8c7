// tbuffer_store_d16_format_xy: 2 channels to the data format of the instruction as 16-bit values.
buffer_format<2, true, false>(w, in, true, true);
