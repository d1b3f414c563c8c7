// v_pack_b32_f16: D = {S1.f16, S0.f16} (op_sel picks the source halves; neg/abs as f16 modifiers).
bool h0 = in.opsel & 1, h1 = (in.opsel >> 1) & 1;
VSrc a = vsrc_mod(w, in, 0, h0 ? 0x80000000u : 0x8000u), b = vsrc_mod(w, in, 1, h1 ? 0x80000000u : 0x8000u);
if (a.m == 0) a.p = &a.val;
if (b.m == 0) b.p = &b.val;
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) { d[l] = uint32_t(half_of(a[l], h0)) | (uint32_t(half_of(b[l], h1)) << 16); });
