// v_writelane_b32: Writes regardless of EXEC.
unsigned l = sread(w, in.src[1]) & (w.W - 1);
w.vreg(in.dst.reg)[l] = sread(w, in.src[0]);
