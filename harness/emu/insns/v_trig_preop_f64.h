// v_trig_preop_f64: 53 bits of 2/pi for a Payne-Hanek argument reduction (see trig_preop).
// A NaN S0 gives that NaN quieted (vop_f64_lane), as LLVM folds it; the pseudocode reads only
// the exponent field (UNVERIFIED model trig_preop_special_inputs). Candidates:
// quiet_nan (0, this model); exponent_only (1): the pseudocode's literal reading, a NaN S0
// counts by its exponent field (2047) like an infinity; llvm_fold (2): a NaN quieted, +0
// once the shift reaches 1120 bits (llvm/lib/Target/AMDGPU/AMDGPUInstCombineIntrinsic.cpp).
using K = model::TrigPreopSpecialInputs;
static const K k = model::active<K>();
VSRC(sel, in.src[1]);
if (k == K::QuietNan) vop_f64_lane(w, in, [&](unsigned l, double x) { return trig_preop(x, sel[l]); });
else if (k == K::ExponentOnly) vop_f64_lane<false>(w, in, [&](unsigned l, double x) { return trig_preop(x, sel[l]); });
else vop_f64_lane(w, in, [&](unsigned l, double x) { return trig_preop(x, sel[l], 1120); });
