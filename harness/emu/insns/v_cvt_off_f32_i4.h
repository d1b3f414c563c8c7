// v_cvt_off_f32_i4: S0[3:0] as a signed 4-bit integer, divided by 16 (-0.5 .. 0.4375).
// The pseudocode names a table (CVT_OFF_TABLE) without listing it; the values follow the
// ISA guide's description (UNVERIFIED model_assumptions: cvt_off_f32_i4_table).
vop_f32_from_bits(w, in, [](uint32_t x) { return float(int32_t(x << 28) >> 28) / 16.0f; });
