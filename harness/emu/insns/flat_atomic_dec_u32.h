// flat_atomic_dec_u32: per-lane read-modify-write (dec_u32); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::dec_u32>(w, in);
