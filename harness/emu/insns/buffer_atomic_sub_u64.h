// buffer_atomic_sub_u64: per-lane read-modify-write (sub_u64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::sub_u64>(w, in);
