// s_rfe_b64: return from a trap handler (clears STATUS.PRIV, jumps to S0). The
// emulator runs no trap handlers, so there is nothing to return from.
not_supported(w, in, "s_rfe_b64: trap handlers are not emulated");
