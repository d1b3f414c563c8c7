// v_sub_co_u32: D = S0 - S1, borrow-out to sdst (semantics.h vop_carry_u32).
vop_carry_u32<CarryOp::Sub, false>(w, in);
