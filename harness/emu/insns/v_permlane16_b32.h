// v_permlane16_b32: lane swizzle within each row of 16 lanes, selectors {S2, S1} (semantics.h vop_permlane16).
vop_permlane16<false, false>(w, in);
