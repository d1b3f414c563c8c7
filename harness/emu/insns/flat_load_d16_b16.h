// flat_load_d16_b16: loads into the low half of the VGPR, the high half is kept.
flat_load<mem::d16_b16>(w, in);
