// s_buffer_prefetch_data: a prefetch hint that writes no register; the emulator has no caches, so nothing to do.
