// s_delay_alu
// No architectural effect in the emulator (the scoreboard hook still sees it).
