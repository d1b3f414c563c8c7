// s_barrier_signal: signal barrier number S0; an M0 source names barrier M0[4:0] (M0 cannot
// name the negative barriers). Barrier 0 is a no-op; -1 (the workgroup barrier) is signalled
// (control.cc barrier_signal); the named barriers 1..31 and -2 (trap) are not emulated.
const bool m0 = in.src[0].kind == OperandKind::SGPR && in.src[0].reg == kM0;
const int32_t id = m0 ? int32_t(w.s[kM0] & 31) : int32_t(S0);
if (id == -1) barrier_signal(w, in);
else if (id != 0) not_supported(w, in, "s_barrier_signal with a named barrier (only -1, the workgroup barrier)");
