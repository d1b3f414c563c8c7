// s_wait_kmcnt
// No architectural effect in the emulator (the scoreboard hook still sees it).
