// buffer_atomic_add_u32: per-lane read-modify-write (add_u32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::add_u32>(w, in);
