// buffer_atomic_and_b32: per-lane read-modify-write (and_b32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::and_b32>(w, in);
