// v_permlanex16_var_b32: lane swizzle across paired rows, selector S1[3:0] per lane (semantics.h vop_permlane16).
vop_permlane16<true, true>(w, in);
