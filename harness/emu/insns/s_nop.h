// s_nop N: N + 1 wait states. No architectural effect in the emulator (the scoreboard
// hook still sees it); under salu_hwreg_shader_cycles=modelled_cycles the cycle counter
// advances by N + 1 (salu.h shader_cycles_model).
static const bool cycles = shader_cycles_model() == model::SaluHwregShaderCycles::ModelledCycles;
if (cycles) w.cycle_extra += uint64_t(in.imm & 15);
