// v_permlane64_b32: wave64: D[l] = S0[l ^ 32] for EXEC lanes (halves swapped; all of S0 read before any
// write); wave32: no operation (AMD RDNA4 ISA reference guide, V_PERMLANE64_B32: "treated as scalar NOP in
// wave32").
if (w.W == 64) {
  if (in.src[0].kind != OperandKind::VGPR) { not_supported(w, in, "a non-VGPR v_permlane64_b32 source"); return; }
  uint32_t tmp[64];
  std::memcpy(tmp, w.vreg(in.src[0].reg), sizeof tmp);
  uint32_t* d = w.vreg(in.dst.reg);
  for_lanes(w, [&](unsigned l) { d[l] = tmp[l ^ 32]; });
}
