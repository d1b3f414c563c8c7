// buffer_atomic_dec_u64: per-lane read-modify-write (dec_u64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::dec_u64>(w, in);
