// s_prefetch_data_pc_rel: a prefetch hint that writes no register; the emulator has no caches, so nothing to do.
