// scratch_load_d16_hi_i8: loads into the high half of the VGPR, the low half is kept.
scratch_load<mem::d16_hi_i8>(w, in);
