// v_cvt_f32_u32: unsigned integer to f32, rounded in the MODE f32 direction; omod/clamp.
VSRC(a, in.src[0]);
uint32_t* d = w.vreg(in.dst.reg);
const unsigned rm = fp_mode32(w).rm;
if (rm == kRoundNearestEven && !in.omod && !in.clamp)
  for_lanes(w, [&](unsigned l) { d[l] = as_u(float(a[l])); });  // host conversion: nearest even
else
  for_lanes(w, [&](unsigned l) { d[l] = as_u(omod_clamp(in, f64_to_f32_rm(double(a[l]), rm))); });
