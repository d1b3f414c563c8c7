// v_div_scale_f64: scale the numerator or denominator of a division by 2^+-128 (see
// div_scale_lane; VCC = the scalar destination).
vop_div_scale<double>(w, in);
