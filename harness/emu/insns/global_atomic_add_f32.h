// global_atomic_add_f32: per-lane read-modify-write (add_f32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::add_f32>(w, in);
