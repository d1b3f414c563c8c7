// buffer_atomic_xor_b64: per-lane read-modify-write (xor_b64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::xor_b64>(w, in);
