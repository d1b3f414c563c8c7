// s_setprio: sets the wave's issue priority. Exact as a no-op: priority only orders
// waves competing for issue, and an emulated wave's results do not depend on it.
