// v_readfirstlane_b32
uint64_t e = w.exec();
unsigned l = e ? unsigned(__builtin_ctzll(e)) : 0;
VSRC(a, in.src[0]);
swrite(w, in.dst, a[l]);
