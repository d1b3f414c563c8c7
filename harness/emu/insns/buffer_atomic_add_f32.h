// buffer_atomic_add_f32: per-lane read-modify-write (add_f32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::add_f32>(w, in);
