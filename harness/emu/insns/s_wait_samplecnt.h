// s_wait_samplecnt
// No architectural effect in the emulator (the scoreboard hook still sees it).
