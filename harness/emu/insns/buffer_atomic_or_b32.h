// buffer_atomic_or_b32: per-lane read-modify-write (or_b32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::or_b32>(w, in);
