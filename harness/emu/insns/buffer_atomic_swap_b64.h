// buffer_atomic_swap_b64: per-lane read-modify-write (swap_b64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::swap_b64>(w, in);
