// s_incperflevel: performance-counter marker. Exact as a no-op (no counters are emulated).
