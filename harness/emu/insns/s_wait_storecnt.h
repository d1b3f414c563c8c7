// s_wait_storecnt
// No architectural effect in the emulator (the scoreboard hook still sees it).
