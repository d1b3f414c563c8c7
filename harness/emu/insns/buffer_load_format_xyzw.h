// buffer_load_format_xyzw: 4 channels from the data format of the V#.
buffer_format<4, false, false>(w, in, false, false);
