// buffer_load_format_xyz: 3 channels from the data format of the V#.
buffer_format<3, false, false>(w, in, false, false);
