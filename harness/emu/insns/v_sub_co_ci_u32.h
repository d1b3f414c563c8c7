// v_sub_co_ci_u32: D = S0 - S1 - borrow-in (src2 mask), borrow-out to sdst (semantics.h vop_carry_u32).
vop_carry_u32<CarryOp::Sub, true>(w, in);
