// buffer_atomic_dec_u32: per-lane read-modify-write (dec_u32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::dec_u32>(w, in);
