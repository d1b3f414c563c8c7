// v_subrev_co_u32: D = S1 - S0, borrow-out to sdst (semantics.h vop_carry_u32).
vop_carry_u32<CarryOp::SubRev, false>(w, in);
