// flat_atomic_add_f32: read-modify-write per lane (increasing lane order, host-atomic across workgroups);
// returns the old value when TH_ATOMIC_RETURN is set.
vmem_atomic(w, in, Space::Flat, AtomicOp::ATOMIC_FADD);
