// scratch_load_d16_b16: loads into the low half of the VGPR, the high half is kept.
scratch_load<mem::d16_b16>(w, in);
