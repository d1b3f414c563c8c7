// global_atomic_swap_b32: per-lane read-modify-write (swap_b32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::swap_b32>(w, in);
