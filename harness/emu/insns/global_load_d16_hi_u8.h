// global_load_d16_hi_u8: loads into the high half of the VGPR, the low half is kept.
global_load<mem::d16_hi_u8>(w, in);
