// buffer_atomic_xor_b32: per-lane read-modify-write (xor_b32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::xor_b32>(w, in);
