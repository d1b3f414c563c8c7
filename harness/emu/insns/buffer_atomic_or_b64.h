// buffer_atomic_or_b64: per-lane read-modify-write (or_b64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::or_b64>(w, in);
