// ds_add_rtn_u32: Lanes apply in increasing lane order; returns the pre-op value.
uint64_t e = w.exec();
const uint32_t* a = w.vreg(in.vaddr.reg);
const uint32_t* s = w.vreg(in.src[0].reg);
uint32_t* d = w.vreg(in.dst.reg);
uint32_t off = uint32_t(in.imm) | (uint32_t(in.offset1) << 8);
std::vector<uint32_t> old(w.W);
for (unsigned l = 0; l < w.W; ++l) {
  if (!((e >> l) & 1)) continue;
  uint8_t* p = lds_ptr(w, in, uint32_t(a[l] + off), 4, l, true);
  if (!p) return;
  uint32_t v; std::memcpy(&v, p, 4); old[l] = v; v += s[l]; std::memcpy(p, &v, 4);
}
for (unsigned l = 0; l < w.W; ++l) if ((e >> l) & 1) d[l] = old[l];
