// s_barrier_signal_isfirst: s_barrier_signal that also sets SCC = 1 when this wave
// is the first to signal the barrier in its current phase, else 0.
bool first = w.wg->arrived == 0;
barrier_signal(w, in);
if (w.stop != StopReason::Fault) SCC = first;
