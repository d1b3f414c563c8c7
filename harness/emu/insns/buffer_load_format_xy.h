// buffer_load_format_xy: 2 channels from the data format of the V#.
buffer_format<2, false, false>(w, in, false, false);
