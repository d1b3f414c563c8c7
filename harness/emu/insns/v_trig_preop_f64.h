// v_trig_preop_f64: 53 bits of 2/pi for a Payne-Hanek argument reduction (see trig_preop).
// A NaN S0 gives that NaN quieted (vop_f64_lane), as LLVM folds it; the pseudocode reads only
// the exponent field (UNVERIFIED model_assumptions: trig_preop_special_inputs).
VSRC(sel, in.src[1]);
vop_f64_lane(w, in, [&](unsigned l, double x) { return trig_preop(x, sel[l]); });
