// flat_atomic_xor_b64: per-lane read-modify-write (xor_b64); the old value when TH_ATOMIC_RETURN is set.
flat_atomic<atom::xor_b64>(w, in);
