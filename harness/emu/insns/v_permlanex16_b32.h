// v_permlanex16_b32: lane swizzle across paired rows (0<->1, 2<->3), selectors {S2, S1} (semantics.h vop_permlane16).
vop_permlane16<true, false>(w, in);
