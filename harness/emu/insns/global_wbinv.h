// global_wbinv: write back and invalidate the vector caches; the emulator has no caches (memory is always coherent), so nothing to do.
