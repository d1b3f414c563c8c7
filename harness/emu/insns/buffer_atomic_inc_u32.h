// buffer_atomic_inc_u32: per-lane read-modify-write (inc_u32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::inc_u32>(w, in);
