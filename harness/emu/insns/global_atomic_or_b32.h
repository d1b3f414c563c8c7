// global_atomic_or_b32: per-lane read-modify-write (or_b32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::or_b32>(w, in);
