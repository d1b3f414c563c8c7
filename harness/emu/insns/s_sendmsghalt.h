// s_sendmsghalt: s_sendmsg, then halt the wave. Not emulated.
not_supported(w, in, "s_sendmsghalt: halting a wave is not emulated");
