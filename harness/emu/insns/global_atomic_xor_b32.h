// global_atomic_xor_b32: per-lane read-modify-write (xor_b32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::xor_b32>(w, in);
