// s_barrier_signal_isfirst: s_barrier_signal that also sets SCC = 1 when this wave is the
// first to signal the barrier in its current phase, else 0. Barrier 0 (also M0[4:0] = 0) is a
// no-op with SCC = 0; only -1, the workgroup barrier, is emulated besides.
const bool m0 = in.src[0].kind == OperandKind::SGPR && in.src[0].reg == kM0;
const int32_t id = m0 ? int32_t(w.s[kM0] & 31) : int32_t(S0);
if (id == 0) {
  SCC = false;
} else if (id != -1) {
  not_supported(w, in, "s_barrier_signal_isfirst with a named barrier (only -1, the workgroup barrier)");
} else {
  const bool first = w.wg->arrived == 0;
  barrier_signal(w, in);
  if (w.stop != StopReason::Fault) SCC = first;
}
