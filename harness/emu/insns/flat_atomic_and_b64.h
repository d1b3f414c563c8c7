// flat_atomic_and_b64: per-lane read-modify-write (and_b64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::and_b64>(w, in);
