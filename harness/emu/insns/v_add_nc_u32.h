// v_add_nc_u32: Wraps (clamp would saturate: not modelled, faults if set).
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return a + b; });
