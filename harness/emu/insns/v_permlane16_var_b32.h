// v_permlane16_var_b32: lane swizzle within each row, selector S1[3:0] per lane (semantics.h vop_permlane16).
vop_permlane16<false, true>(w, in);
