// v_subrev_co_ci_u32: D = S1 - S0 - borrow-in (src2 mask), borrow-out to sdst (semantics.h vop_carry_u32).
vop_carry_u32<CarryOp::SubRev, true>(w, in);
