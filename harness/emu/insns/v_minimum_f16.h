// v_minimum_f16: as v_minimum_f32 on f16 (operands exact in double; sNaN kept as sNaN by
// the conversion, quieted by minimum_of).
vop_f16<true>(w, in, [](double a, double b, double) { return minimum_of(a, b); });
