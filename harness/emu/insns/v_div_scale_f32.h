// v_div_scale_f32: scale the numerator or denominator of a division by 2^+-64 (see
// div_scale_lane; VCC = the scalar destination).
vop_div_scale<float>(w, in);
