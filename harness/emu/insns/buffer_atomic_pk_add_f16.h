// buffer_atomic_pk_add_f16: per-lane read-modify-write (pk_add_f16) inside the buffer range; the old value when TH_ATOMIC_RETURN is set.
buffer_atomic<atom::pk_add_f16>(w, in);
