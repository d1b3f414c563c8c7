// v_movrels_b32
// vdst = VGPR[src0 + M0]
if (in.src[0].kind != OperandKind::VGPR) { not_supported(w, in, "v_movrels_b32 with a non-VGPR source"); return; }
uint32_t r = in.src[0].reg + w.s[kM0];
if (r >= kVgprRows) { w.fault_at(int(Fault::IllegalInstruction), in, "v_movrels_b32: VGPR index out of range (src + M0 > 255)"); return; }
const uint32_t* s = w.vreg(r);
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) { d[l] = s[l]; });
