// v_mad_co_u64_u32: D = S0 * S1 + S2 (64-bit), carry-out of bit 64 to sdst (semantics.h vop_mad_co_64).
vop_mad_co_64<false>(w, in);
