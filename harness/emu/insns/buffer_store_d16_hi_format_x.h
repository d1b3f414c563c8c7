// buffer_store_d16_hi_format_x: one channel to the data format of the V#, as a 16-bit value in the high half (the low half is kept).
buffer_format<1, true, true>(w, in, true, false);
