// v_mad_co_i64_i32: signed D = S0 * S1 + S2 (64-bit); sdst flags signed overflow (semantics.h vop_mad_co_64).
vop_mad_co_64<true>(w, in);
