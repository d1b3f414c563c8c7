// v_add_co_ci_u32: D = S0 + S1 + carry-in (src2 mask), carry-out to sdst (semantics.h vop_carry_u32).
vop_carry_u32<CarryOp::Add, true>(w, in);
