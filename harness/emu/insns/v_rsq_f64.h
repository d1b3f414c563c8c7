// v_rsq_f64: 1 / sqrt(S0), correctly rounded in the MODE f64 direction (rsq_f64; UNVERIFIED
// model transcendental_accuracy: the hardware is approximate).
const unsigned rm = fp_mode16(w).rm;
vop_f64_lane(w, in, [&](unsigned, double x) { return rsq_f64(x, rm); });
