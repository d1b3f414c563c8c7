// ds_max_i32: LDS read-modify-write per lane in increasing lane order.
ds_atomic(w, in, AtomicOp::ATOMIC_SMAX, false);
