// v_cndmask_b32: dst = mask[lane] ? src1 : src0 (abs/neg apply as float modifiers in the e64 form).
VSrc a = vsrc_mod(w, in, 0, 0x80000000u), b = vsrc_mod(w, in, 1, 0x80000000u);
if (a.m == 0) a.p = &a.val;
if (b.m == 0) b.p = &b.val;
uint64_t m = sread_mask(w, in.src[2]);
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) { d[l] = (m >> l) & 1 ? b[l] : a[l]; });
