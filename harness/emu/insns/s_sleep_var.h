// s_sleep_var: sleep for a number of clocks given in S0. Exact as a no-op: the
// emulator has no clock, and a sleeping wave changes no architectural state.
