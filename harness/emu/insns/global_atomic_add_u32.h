// global_atomic_add_u32: Final memory value is order-independent; returned pre-op values depend on workgroup order (documented).
uint64_t e = w.exec();
const unsigned s = in.src[0].reg;
std::vector<uint32_t> old(w.W);
for (unsigned l = 0; l < w.W; ++l) {
  if (!((e >> l) & 1)) continue;
  uint8_t* p = global_ptr(w, in, vmem_addr(w, in, l), 4, l, true);
  if (!p) return;
  // Workgroups may run on different host threads: the add is atomic on the host.
  old[l] = __atomic_fetch_add(reinterpret_cast<uint32_t*>(p), w.v[size_t(s) * w.W + l], __ATOMIC_RELAXED);
}
if (in.dst.kind == OperandKind::VGPR)
  for (unsigned l = 0; l < w.W; ++l) if ((e >> l) & 1) w.v[size_t(in.dst.reg) * w.W + l] = old[l];
