// s_wait_loadcnt_dscnt
// No architectural effect in the emulator (the scoreboard hook still sees it).
