// buffer_store_format_xy: 2 channels to the data format of the V#.
buffer_format<2, false, false>(w, in, true, false);
