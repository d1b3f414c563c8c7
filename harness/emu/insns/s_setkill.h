// s_setkill: sets the wave's kill state (used by pixel shaders). Not emulated.
not_supported(w, in, "s_setkill: the wave kill state is not emulated");
