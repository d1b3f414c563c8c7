// ds_max_rtn_u32: LDS read-modify-write per lane in increasing lane order; returns the old value.
ds_atomic(w, in, AtomicOp::ATOMIC_UMAX, true);
