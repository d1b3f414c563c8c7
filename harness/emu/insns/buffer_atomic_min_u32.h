// buffer_atomic_min_u32: per-lane read-modify-write (min_u32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::min_u32>(w, in);
