// ds_and_rtn_b32: LDS read-modify-write per lane in increasing lane order; returns the old value.
ds_atomic(w, in, AtomicOp::ATOMIC_AND, true);
