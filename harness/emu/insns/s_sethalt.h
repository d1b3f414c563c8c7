// s_sethalt: halts or resumes the wave (debuggers, trap handlers). Not emulated.
not_supported(w, in, "s_sethalt: halting a wave is not emulated");
