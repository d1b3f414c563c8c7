// buffer_store_d16_format_xyz: 3 channels to the data format of the V# as 16-bit values.
buffer_format<3, true, false>(w, in, true, false);
