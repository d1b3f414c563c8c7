// s_wait_bvhcnt
// No architectural effect in the emulator (the scoreboard hook still sees it).
