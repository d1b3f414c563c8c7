// ds_load_u8_d16_hi: Writes one half of the VGPR and keeps the other (issue 3 item 6).
ds_load(w, in, 9, 1);
