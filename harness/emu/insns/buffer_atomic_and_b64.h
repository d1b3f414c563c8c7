// buffer_atomic_and_b64: per-lane read-modify-write (and_b64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::and_b64>(w, in);
