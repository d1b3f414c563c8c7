// s_wait_expcnt
// No architectural effect in the emulator (the scoreboard hook still sees it).
