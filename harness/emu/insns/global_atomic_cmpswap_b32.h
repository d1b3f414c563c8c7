// global_atomic_cmpswap_b32: per-lane read-modify-write (cmpswap_b32); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::cmpswap_b32>(w, in);
