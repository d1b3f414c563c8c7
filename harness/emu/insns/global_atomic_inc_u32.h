// global_atomic_inc_u32: per-lane read-modify-write (inc_u32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::inc_u32>(w, in);
