// buffer_store_format_xyzw: 4 channels to the data format of the V#.
buffer_format<4, false, false>(w, in, true, false);
