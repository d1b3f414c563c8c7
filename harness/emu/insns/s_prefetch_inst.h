// s_prefetch_inst: a prefetch hint that writes no register; the emulator has no caches, so nothing to do.
