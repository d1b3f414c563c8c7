// scratch_load_d16_hi_u8: loads into the high half of the VGPR, the low half is kept.
scratch_load<mem::d16_hi_u8>(w, in);
