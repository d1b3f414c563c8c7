// s_get_barrier_state: D = {9'0, signal count[6:0], 5'0, member count[6:0], 3'0, valid}
// of barrier S0. Only the workgroup barrier (-1) exists here: valid = 1, members =
// the workgroup's live waves, signals = waves that signalled the current phase.
int32_t id = int32_t(S0);
if (id != -1) {
  not_supported(w, in, "s_get_barrier_state with a named barrier (only -1, the workgroup barrier)");
} else {
  const Workgroup& g = *w.wg;
  SDST((uint32_t(g.arrived & 0x7f) << 16) | (uint32_t(g.live_waves & 0x7f) << 4) | 1u);
}
