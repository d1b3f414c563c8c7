// ds_bpermute_b32: D[lane] = data0[(addr[lane] + offset) / 4 mod wave size] (backward permute; no LDS access).
// Source lanes outside EXEC read as 0.
uint64_t e = w.exec();
const uint32_t* a = w.vreg(in.vaddr.reg);
const uint32_t* s = w.vreg(in.src[0].reg);
uint32_t off = uint32_t(in.imm) | (uint32_t(in.offset1) << 8);
uint32_t tmpv[64];
for (unsigned l = 0; l < w.W; ++l) {
  unsigned src = ((a[l] + off) >> 2) & (w.W - 1);
  tmpv[l] = (e >> src) & 1 ? s[src] : 0;
}
uint32_t* d = w.vreg(in.dst.reg);
for_lanes(w, [&](unsigned l) { d[l] = tmpv[l]; });
