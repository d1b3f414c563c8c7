// buffer_atomic_cond_sub_u32: per-lane read-modify-write (cond_sub_u32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::cond_sub_u32>(w, in);
