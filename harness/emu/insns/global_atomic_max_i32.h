// global_atomic_max_i32: per-lane read-modify-write (max_i32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::max_i32>(w, in);
