// s_endpgm_saved: ends a wave whose context was saved (context switch). Not emulated.
not_supported(w, in, "s_endpgm_saved: context save/restore is not emulated");
