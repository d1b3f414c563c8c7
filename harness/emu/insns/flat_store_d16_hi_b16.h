// flat_store_d16_hi_b16: stores from the high half of the VGPR.
flat_store<mem::d16_hi_b16>(w, in);
