// s_trap: jump to the trap handler with trap id simm16[3:0]. No trap handler runs
// in the emulator.
char b[80];
std::snprintf(b, sizeof b, "s_trap %u: trap handlers are not emulated", unsigned(in.imm & 15));
not_supported(w, in, b);
