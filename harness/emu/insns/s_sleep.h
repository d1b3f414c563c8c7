// s_sleep
// No architectural effect in the emulator (the scoreboard hook still sees it).
