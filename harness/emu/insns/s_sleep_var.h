// s_sleep_var: sleep for a number of clocks given in S0. As s_sleep: no clock, no
// architectural state; the wave yields the host thread to the other waves.
w.stop = StopReason::Yield;
