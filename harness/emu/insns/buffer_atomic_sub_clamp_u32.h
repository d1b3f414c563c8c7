// buffer_atomic_sub_clamp_u32: per-lane read-modify-write (sub_clamp_u32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::sub_clamp_u32>(w, in);
