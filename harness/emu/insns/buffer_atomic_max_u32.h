// buffer_atomic_max_u32: per-lane read-modify-write (max_u32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::max_u32>(w, in);
