// global_atomic_add_f32: lanes in increasing order; host-atomic across workgroups (order-dependent rounding
// when workgroups on different host threads hit the same address: documented in README).
uint64_t e = w.exec();
const unsigned s = in.src[0].reg;
std::vector<uint32_t> old(w.W);
for (unsigned l = 0; l < w.W; ++l) {
  if (!((e >> l) & 1)) continue;
  uint8_t* p = global_ptr(w, in, vmem_addr(w, in, l), 4, l, true);
  if (!p) return;
  uint32_t* q = reinterpret_cast<uint32_t*>(p);
  uint32_t cur = __atomic_load_n(q, __ATOMIC_RELAXED), nv;
  do {
    nv = as_u(as_f(cur) + as_f(w.v[size_t(s) * w.W + l]));
  } while (!__atomic_compare_exchange_n(q, &cur, nv, false, __ATOMIC_RELAXED, __ATOMIC_RELAXED));
  old[l] = cur;
}
if (in.dst.kind == OperandKind::VGPR)
  for (unsigned l = 0; l < w.W; ++l) if ((e >> l) & 1) w.v[size_t(in.dst.reg) * w.W + l] = old[l];
