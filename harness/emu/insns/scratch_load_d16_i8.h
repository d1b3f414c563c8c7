// scratch_load_d16_i8: loads into the low half of the VGPR, the high half is kept.
scratch_load<mem::d16_i8>(w, in);
