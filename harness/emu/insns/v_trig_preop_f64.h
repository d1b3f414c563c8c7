// v_trig_preop_f64: 53 bits of 2/pi for a Payne-Hanek argument reduction (see trig_preop).
VSRC(sel, in.src[1]);
vop_f64_lane(w, in, [&](unsigned l, double x) { return trig_preop(x, sel[l]); });
