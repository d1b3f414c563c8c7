// flat_load_d16_hi_b16: loads into the high half of the VGPR, the low half is kept.
flat_load<mem::d16_hi_b16>(w, in);
