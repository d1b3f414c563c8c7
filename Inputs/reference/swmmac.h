// Driver for the SWMMAC (2:4 structured-sparse A) wave32 runtime tests in
// runtime/swmmac-w32/. Reuses the dense cases of wmma_dense.h at the sparse
// depth K (32 or 64), then sparsifies A: in every group of four K positions of
// every row two positions p0 < p1 (random, all six pairs occur) keep their
// values and the other two are dropped. The reference is the plain product
// over the kept positions (matmul.h with a mask: a dropped position is not
// multiplied, so 0 * inf in B makes no NaN); the device gets the kept values and
// the index fields packed with the calculator's SWMMAC layout (fragments.h,
// UNVERIFIED by hardware). Comparison rules: as wmma_dense.h.
//
// Kernel ABI: kern(a, b, c, index, d), one wave per case, lane-major images
// (A: sparse_a_regs, B: sparse_b_regs, C/D: as dense, index: one register).
// The index value passed to the builtin is the lane's whole index register;
// the fields sit in its low bits (index_key 0).
#pragma once

#include "wmma_dense.h"

namespace sw {

struct Spec {
  const char* builtin;
  wt::Elem a, b;
  wt::Acc acc;
  ref::SparseKind kind;
};

inline int run(const Spec& s, const std::vector<wt::Variant>& variants, unsigned seed = 4321) {
  rt::print_device_header(s.builtin);
  const int K = ref::sparse_k(s.kind), G = K / 4, W = 32;
  const wt::Spec ws{s.builtin, s.a, s.b, s.acc, ref::AB::B16, 32};  // layout unused here
  wt::Cases gen(ws, seed, K);
  std::vector<wt::Case> cases = gen.build();
  const size_t nc = cases.size();
  const int ar = ref::sparse_a_regs(s.kind), br = ref::sparse_b_regs(s.kind), cr = wt::acc_regs(s.acc);
  const int bits = ref::sparse_bits(s.kind), cbits = wt::acc_bits(s.acc);
  std::printf("builtin=__builtin_amdgcn_%s A=%s (2:4 sparse) B=%s acc=%s K=%d cases=%zu variants=%zu seed=%u\n",
              s.builtin, wt::elem_name(s.a), wt::elem_name(s.b),
              s.acc == wt::Acc::F32 ? "f32" : s.acc == wt::Acc::F16 ? "f16" : s.acc == wt::Acc::BF16 ? "bf16" : "i32",
              K, nc, variants.size(), seed);
  std::printf("layout: SWMMAC A/index/B layouts of AMD's Matrix Instruction Calculator (UNVERIFIED by hardware); "
              "index field per group: bits[1:0] = position of kept value 0, bits[3:2] = of kept value 1\n");
  for (const auto& c : cases)
    std::printf("case %-24s %s%s (then 2:4-sparsified)\n", c.name.c_str(), c.exact ? "[bit-exact] " : "[tolerance] ",
                c.note.c_str());

  // Sparsify and pack.
  static const int pairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
  std::mt19937 rng(seed + 1);
  std::vector<uint32_t> ha(nc * W * ar, 0), hb(nc * W * br, 0), hc(nc * W * cr, 0), hx(nc * W, 0);
  std::vector<ref::Matrix<uint8_t>> keep(nc, ref::Matrix<uint8_t>(16, K, 0));
  for (size_t n = 0; n < nc; ++n) {
    wt::Case& c = cases[n];
    std::vector<uint32_t> ia(W * ar, 0), ib(W * br, 0), ic(W * cr, 0), ix(W, 0);
    for (int i = 0; i < 16; ++i)
      for (int g = 0; g < G; ++g) {
        const int* p = pairs[(i * G + g + n) % 6 == 0 ? rng() % 6 : (i * 7 + g * 3 + n) % 6];
        const uint32_t v0 = c.A.at(i, 4 * g + p[0]), v1 = c.A.at(i, 4 * g + p[1]);
        for (int q = 0; q < 4; ++q)
          if (q != p[0] && q != p[1]) c.A.at(i, 4 * g + q) = 0;  // +0 in every format
        keep[n].at(i, 4 * g + p[0]) = keep[n].at(i, 4 * g + p[1]) = 1;
        ref::Slot sl = ref::sparse_a_slot(s.kind, i, g);
        ref::put_field(ia, ar, sl, bits, v0);
        ref::put_field(ia, ar, {sl.lane, sl.gpr, sl.bit + bits}, bits, v1);
        ref::put_field(ix, 1, ref::sparse_index_slot(s.kind, i, g), 4, uint32_t(p[0] | p[1] << 2));
      }
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < 16; ++j) ref::put_field(ib, br, ref::sparse_b_slot(s.kind, j, k), wt::elem_bits(s.b), c.B.at(k, j));
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j)
        ref::put_field(ic, cr, cbits == 32 ? ref::cd32_slot(i, j) : ref::cd16_slot(i, j), cbits, c.C.at(i, j));
    std::copy(ia.begin(), ia.end(), ha.begin() + n * ia.size());
    std::copy(ib.begin(), ib.end(), hb.begin() + n * ib.size());
    std::copy(ic.begin(), ic.end(), hc.begin() + n * ic.size());
    std::copy(ix.begin(), ix.end(), hx.begin() + n * ix.size());
  }
  rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), dx(hx), dd(nc * W * cr);

  long failures = 0, printed = 0;
  for (const wt::Variant& v : variants) {
    dd.zero();
    const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p, *px = dx.p;
    uint32_t* pd = dd.p;
    rt::launch(v.kernel, dim3(unsigned(nc)), dim3(W), {&pa, &pb, &pc, &px, &pd});
    const std::vector<uint32_t> hd = dd.download();
    double worst_ratio = 0, worst_err = 0, worst_bound = 0;
    long vfail = 0;
    for (size_t n = 0; n < nc; ++n) {
      const wt::Case& c = cases[n];
      // Product over the kept positions only (dropped ones are not multiplied).
      const wt::Expected e = wt::reference(ws, c, v.mods, &keep[n]);
      const ref::Matrix<uint32_t> D = wt::unpack_d(ws, hd, n);
      for (int i = 0; i < 16; ++i)
        for (int j = 0; j < 16; ++j) {
          const uint32_t got = D.at(i, j), want = e.bits.at(i, j);
          bool ok;
          if (wt::is_int(s.a)) {
            ok = got == want;
          } else {
            const double g = wt::acc_decode(s.acc, got), w = wt::acc_decode(s.acc, want);
            if (std::isnan(w) || std::isnan(g)) ok = std::isnan(w) && std::isnan(g);
            else if (g == w) ok = true;
            else if (c.exact || std::isinf(w) || std::isinf(g)) ok = false;
            else {
              const double ex = e.value.at(i, j), err = std::fabs(g - ex);
              const double bnd = wt::bound(ws, K, ex, e.magnitude.at(i, j));
              ok = err <= bnd;
              if (bnd > 0 && err / bnd > worst_ratio) {
                worst_ratio = err / bnd;
                worst_err = err;
                worst_bound = bnd;
              }
            }
          }
          if (!ok) {
            ++vfail;
            if (printed++ < 20)
              std::printf("MISMATCH variant=%s case=%s D[%d][%d]: expected %s, actual %s\n",
                          wt::mod_name(v.mods, wt::is_int(s.a)).c_str(), c.name.c_str(), i, j,
                          wt::fmt_val(ws, want).c_str(), wt::fmt_val(ws, got).c_str());
          }
        }
    }
    if (wt::is_int(s.a))
      std::printf("variant %-40s %s (%zu cases, bit-exact)\n", wt::mod_name(v.mods, true).c_str(),
                  vfail ? "FAIL" : "ok", nc);
    else
      std::printf("variant %-14s %s: worst tolerance-case error %.3g (bound there %.3g, %.1f%% of bound)\n",
                  wt::mod_name(v.mods, false).c_str(), vfail ? "FAIL" : "ok", worst_err, worst_bound,
                  100 * worst_ratio);
    failures += vfail;
  }
  if (failures) {
    std::printf("FAIL %s: %ld mismatching elements %s\n", s.builtin, failures, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", s.builtin, rt::device_tag().c_str());
  return 0;
}

}  // namespace sw
