// global_atomic_cond_sub_u32: per-lane read-modify-write (cond_sub_u32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::cond_sub_u32>(w, in);
