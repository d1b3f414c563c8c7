// s_wait_idle
// No architectural effect in the emulator (the scoreboard hook still sees it).
