// buffer_store_format_xyz: 3 channels to the data format of the V#.
buffer_format<3, false, false>(w, in, true, false);
