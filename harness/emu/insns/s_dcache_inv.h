// s_dcache_inv: invalidates the scalar data cache; the emulator has no caches (memory is always coherent), so nothing to do.
