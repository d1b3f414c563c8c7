// scratch_store_d16_hi_b8: stores from the high half of the VGPR.
scratch_store<mem::d16_hi_b8>(w, in);
