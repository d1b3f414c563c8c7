// v_readlane_b32: Reads regardless of EXEC; lane = src1 mod wave size.
unsigned l = sread(w, in.src[1]) & (w.W - 1);
VSRC(a, in.src[0]);
swrite(w, in.dst, a[l]);
