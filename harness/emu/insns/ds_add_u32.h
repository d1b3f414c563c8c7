// ds_add_u32: LDS read-modify-write per lane in increasing lane order.
ds_atomic(w, in, AtomicOp::ATOMIC_ADD, false);
