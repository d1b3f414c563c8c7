// buffer_atomic_cmpswap_b64: per-lane read-modify-write (cmpswap_b64) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::cmpswap_b64>(w, in);
