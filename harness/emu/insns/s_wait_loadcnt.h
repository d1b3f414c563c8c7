// s_wait_loadcnt
// No architectural effect in the emulator (the scoreboard hook still sees it).
