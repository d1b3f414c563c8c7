// flat_atomic_dec_u64: per-lane read-modify-write (dec_u64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::dec_u64>(w, in);
