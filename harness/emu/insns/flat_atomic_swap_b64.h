// flat_atomic_swap_b64: per-lane read-modify-write (swap_b64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::swap_b64>(w, in);
