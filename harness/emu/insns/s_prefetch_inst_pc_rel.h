// s_prefetch_inst_pc_rel: a prefetch hint that writes no register; the emulator has no caches, so nothing to do.
