// global_load_d16_u8: loads into the low half of the VGPR, the high half is kept.
global_load<mem::d16_u8>(w, in);
