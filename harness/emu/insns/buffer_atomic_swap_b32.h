// buffer_atomic_swap_b32: per-lane read-modify-write (swap_b32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::swap_b32>(w, in);
