// global_atomic_pk_add_f16: per-lane read-modify-write (pk_add_f16); the old value when TH_ATOMIC_RETURN is set.
global_atomic<atom::pk_add_f16>(w, in);
