// global_atomic_cmpswap_b64: per-lane read-modify-write (cmpswap_b64); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::cmpswap_b64>(w, in);
