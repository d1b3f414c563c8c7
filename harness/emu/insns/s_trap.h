// s_trap: jump to the trap handler with trap id simm16[3:0]. No trap handler runs
// in the emulator. Trap id 2 is what LLVM emits for llvm.trap on amdhsa
// (AMDGPUUsage, "Trap Handler ABI"): __builtin_trap() or abort() in device code.
char b[120];
const unsigned id = unsigned(in.imm & 15);
std::snprintf(b, sizeof b, "s_trap %u: trap handlers are not emulated%s", id,
              id == 2 ? " (trap id 2 = llvm.trap: the kernel called __builtin_trap() or abort())" : "");
not_supported(w, in, b);
