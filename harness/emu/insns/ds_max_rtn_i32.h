// ds_max_rtn_i32: LDS read-modify-write per lane in increasing lane order; returns the old value.
ds_atomic(w, in, AtomicOp::ATOMIC_SMAX, true);
