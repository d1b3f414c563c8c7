// v_add_co_u32: D = S0 + S1, carry-out to sdst (semantics.h vop_carry_u32).
vop_carry_u32<CarryOp::Add, false>(w, in);
