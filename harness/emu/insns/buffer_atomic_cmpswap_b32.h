// buffer_atomic_cmpswap_b32: per-lane read-modify-write (cmpswap_b32) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::cmpswap_b32>(w, in);
