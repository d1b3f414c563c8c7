// Driver for the per-builtin dense WMMA runtime tests in runtime/wmma-w32/
// (and runtime/wmma-w64/: Spec::wave = 64). A test file supplies the builtin's kernels (one per
// modifier/signedness/clamp variant) and a Spec; this header takes the input
// cases from the shared catalogue (cases.h, dense A), packs them into register
// images with the DOCUMENTED layouts (fragments.h), runs every kernel on every
// case, unpacks D and compares it with the CPU reference (expected.h: plain
// matrix maths, matmul.h, formats.h). check_variant() is shared with sparse.h.
//
// Kernel ABI: one wave (W = 32 or 64 lanes) per case (blockIdx.x = case). Lane
// L of case n reads its A registers from a[(n*W + L)*AR ...] (lane-major register
// images, AR = registers of A), likewise B, C, and writes D.
//
// Comparison rules (printed by every test):
//  - cases marked exact: device bits must equal the reference rounded once to
//    the output format (RNE); any NaN matches any NaN; +0 and -0 are equal.
//  - other float cases: |D - exact| <= (K+1) * 2^-23 * (|C| + sum|A*B|),
//    plus one ulp of the output format for f16/bf16 output: what a correct
//    fp32 accumulation satisfies whatever its order. Inf/NaN must match.
//  - integer variants: bit-exact always.
// The tests compile at -O2, so that source negation (-a, -b, -c, fabs(c))
// reaches the device as neg_lo/neg_hi modifiers; -O0 code is exercised by
// runtime/gemm.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "cases.h"
#include "expected.h"
#include "formats.h"
#include "fragments.h"
#include "device.h"
#include "matmul.h"

// ---- device side: wt_load/wt_store (rdna4ref.h) when compiled as HIP ---------
#if defined(__HIP__)
#include "rdna4ref.h"
#endif

namespace wt {

// Spec and Variant: api.h.

inline std::string mod_name(int m, bool integer) {
  if (m == 0 && !integer) return "plain";
  std::string s;
  auto add = [&](const char* t) { s += s.empty() ? t : std::string("+") + t; };
  if (m & WT_NEG_A) add("neg_a");
  if (m & WT_NEG_B) add("neg_b");
  if (m & WT_NEG_C) add("neg_c");
  if (m & WT_ABS_C) add("abs_c");
  if (integer) {
    s += s.empty() ? "" : "+";
    s += (m & WT_SIGN_A) ? "A=signed" : "A=unsigned";
    s += (m & WT_SIGN_B) ? ",B=signed" : ",B=unsigned";
    s += (m & WT_CLAMP) ? ",clamp=1" : ",clamp=0";
  }
  return s;
}

// Registers of C/D per lane.
inline int acc_regs(Acc a, int wave = 32) { return (acc_bits(a) == 16 ? 4 : 8) * 32 / wave; }

// ---- packing ------------------------------------------------------------------------
// Where C[i][j] and D[i][j] live (the 32- or 16-bit accumulator layout).
inline ref::Slot cd_slot(const Spec& s, int i, int j) {
  return acc_bits(s.acc) == 32 ? ref::cd32_slot(i, j, s.wave) : ref::cd16_slot(i, j, s.wave);
}
// One case's register image into case slot n of a lane-major buffer.
inline void put_image(std::vector<uint32_t>& all, const std::vector<uint32_t>& img, size_t n) {
  std::copy(img.begin(), img.end(), all.begin() + n * img.size());
}
// C of case c into case slot n (shared with sparse.h).
inline void pack_c(const Spec& s, const Case& c, std::vector<uint32_t>& cc, size_t n) {
  const int cr = acc_regs(s.acc, s.wave);
  std::vector<uint32_t> ic(s.wave * cr, 0);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) ref::put_field(ic, cr, cd_slot(s, i, j), acc_bits(s.acc), c.C.at(i, j));
  put_image(cc, ic, n);
}
inline void pack_case(const Spec& s, const Case& c, std::vector<uint32_t>& a, std::vector<uint32_t>& b,
                      std::vector<uint32_t>& cc, size_t n) {
  const int W = s.wave, ar = ref::ab_regs(s.layout, W), bits = elem_bits(s.a), K = c.A.cols;
  std::vector<uint32_t> ia(W * ar, 0), ib(W * ar, 0);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < K; ++k) {
      ref::put_field(ia, ar, ref::ab_slot(s.layout, i, k, W), bits, c.A.at(i, k));
      ref::put_field(ib, ar, ref::ab_slot(s.layout, i, k, W), bits, c.B.at(k, i));
    }
  put_image(a, ia, n);
  put_image(b, ib, n);
  pack_c(s, c, cc, n);
}
inline ref::Matrix<uint32_t> unpack_d(const Spec& s, const std::vector<uint32_t>& d, size_t n) {
  const int W = s.wave, cr = acc_regs(s.acc, W);
  const std::vector<uint32_t> img(d.begin() + n * W * cr, d.begin() + (n + 1) * W * cr);
  ref::Matrix<uint32_t> D(16, 16);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) D.at(i, j) = ref::get_field(img, cr, cd_slot(s, i, j), acc_bits(s.acc));
  return D;
}

// ---- the test --------------------------------------------------------------------------
inline std::string fmt_val(const Spec& s, uint32_t bits) {
  char buf[96];
  const int w = acc_bits(s.acc) / 4;
  if (s.acc == Acc::I32) std::snprintf(buf, sizeof buf, "%d (0x%08x)", int32_t(bits), bits);
  else std::snprintf(buf, sizeof buf, "%.9g (0x%0*x)", acc_decode(s.acc, bits), w, bits);
  return buf;
}

// Checks one variant (kernel instantiated with `mods`, printed as `vname`):
// the device's D images hd (case n's lane-major image at n*W*CR) against the
// reference of every case. Prints the mismatches (the first 20 of the run:
// `printed` counts across variants), the clamp probes and the variant's
// summary line; returns the number of mismatching elements. Shared by the
// dense and the sparse driver (sparse.h).
inline long check_variant(const Spec& s, const std::vector<Case>& cases, const std::vector<uint32_t>& hd,
                          int mods, const std::string& vname, long& printed) {
  const bool integer = is_int(s.a);
  double worst_ratio = 0, worst_err = 0, worst_bound = 0;
  long vfail = 0;
  for (size_t n = 0; n < cases.size(); ++n) {
    const Case& c = cases[n];
    const Expected e = reference(s, c, mods);
    const ref::Matrix<uint32_t> D = unpack_d(s, hd, n);
    const int K = terms(c);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        const uint32_t got = D.at(i, j), want = e.bits.at(i, j);
        bool ok;
        std::string why;
        if (integer) {
          ok = got == want;
        } else {
          const double g = acc_decode(s.acc, got), w = acc_decode(s.acc, want);
          if (std::isnan(w) || std::isnan(g)) ok = std::isnan(w) && std::isnan(g);
          else if (g == w) ok = true;  // equal values (includes +0 == -0)
          else if (c.exact || std::isinf(w) || std::isinf(g)) ok = false;
          else {
            const double ex = e.value.at(i, j), err = std::fabs(g - ex), bnd = bound(s, K, ex, e.magnitude.at(i, j));
            ok = err <= bnd;
            if (!ok) {
              char buf[128];
              std::snprintf(buf, sizeof buf, " (error %.3g > bound %.3g)", err, bnd);
              why = buf;
            }
          }
          if (!c.exact && std::isfinite(g) && std::isfinite(w)) {  // measured error on a tolerance case
            const double ex = e.value.at(i, j), err = std::fabs(g - ex), bnd = bound(s, K, ex, e.magnitude.at(i, j));
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
            std::printf("MISMATCH variant=%s case=%s D[%d][%d]: expected %s, actual %s%s\n", vname.c_str(),
                        c.name.c_str(), i, j, fmt_val(s, want).c_str(), fmt_val(s, got).c_str(), why.c_str());
        }
      }
    // Clamp probe report: what the device did with an int32 overflow.
    if (integer && c.name.rfind("clamp-overflow", 0) == 0) {
      const int64_t ex = e.exact_int.at(0, 0);
      const int bits = elem_bits(s.a);
      const bool any_signed = (mods & WT_SIGN_A) || (mods & WT_SIGN_B);
      const int64_t lo = any_signed ? -(int64_t(1) << (bits - 1)) : 0;
      const int64_t hi = any_signed ? (int64_t(1) << (bits - 1)) - 1 : (int64_t(1) << bits) - 1;
      std::printf("clamp probe %s %s D[0][0]: exact=%lld device=%d (expected %d: %s); "
                  "wrap=%d, int32 saturation=%d, seed-001 'input type range' reading=%lld\n",
                  vname.c_str(), c.name.c_str(), (long long)ex, int32_t(D.at(0, 0)), int32_t(e.bits.at(0, 0)),
                  (mods & WT_CLAMP) ? "clamp = int32 saturation, ISA meaning, UNVERIFIED on hw"
                                    : "no clamp = wrap modulo 2^32",
                  ref::wrap_i32(ex), ref::saturate_i32(ex), (long long)std::min(std::max(ex, lo), hi));
    }
  }
  if (integer)
    std::printf("variant %-48s %s (%zu cases, bit-exact)\n", vname.c_str(), vfail ? "FAIL" : "ok", cases.size());
  else
    std::printf("variant %-24s %s: worst tolerance-case error %.3g (bound there %.3g, %.1f%% of bound)\n",
                vname.c_str(), vfail ? "FAIL" : "ok", worst_err, worst_bound, 100 * worst_ratio);
  return vfail;
}

// The verdict line of a run.
inline int verdict(const char* builtin, long failures) {
  if (failures) {
    std::printf("FAIL %s: %ld mismatching elements %s\n", builtin, failures, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", builtin, rt::device_tag().c_str());
  return 0;
}

// seed: fixed by default (reproducible runs); RDNA4_TEST_SEED=<n> overrides it
// for exploratory runs (the seed is printed either way).
inline int drive(const Spec& s, const std::vector<Variant>& variants, unsigned seed) {
  rt::print_device_header(s.builtin);
  if (!seed_from_env(seed)) return 1;
  const DenseA shape;
  Cases gen(CaseSpec{s.a, s.b, s.acc, ref::ab_depth(s.layout)}, shape, seed);
  const int K = gen.K();
  const std::vector<Case> cases = gen.build();
  const size_t nc = cases.size();
  const int W = s.wave, ar = ref::ab_regs(s.layout, W), cr = acc_regs(s.acc, W);
  std::printf("builtin=__builtin_amdgcn_%s wave%d A=%s B=%s acc=%s K=%d cases=%zu variants=%zu seed=%u\n",
              s.builtin, W, elem_name(s.a), elem_name(s.b), acc_name(s.acc), K, nc, variants.size(), seed);
  if (W == 32)
    std::printf("layout: packed with the documented layout (docs/facts/layouts.md#wave32-a-and-b); "
                "the K order inside A/B is not observable here (same permutation for A and B)\n");
  else
    std::printf("layout: packed with the wave64 layout of AMD's Matrix Instruction Calculator "
                "(UNVERIFIED by hardware; seeds 000/001 call RDNA4 WMMA wave32-only: docs/facts/disagreements.md#wave32-only-claim)\n");
  if (!is_int(s.a))
    std::printf("bound: |D - exact| <= (K+1)*2^-23*(|C|+sum|A*B|)%s on tolerance cases; "
                "exact cases bit-exact (RNE, any NaN = any NaN, +0 = -0)\n"
                "model: accumulation precision/order, rounding, NaN and denormal handling inside WMMA "
                "are UNVERIFIED (docs/facts/layouts.md#wmma-numerics)\n",
                s.acc == Acc::F32 ? "" : " + 1 ulp(output)");
  print_cases(cases);

  std::vector<uint32_t> ha(nc * W * ar), hb(nc * W * ar), hc(nc * W * cr);
  for (size_t n = 0; n < nc; ++n) pack_case(s, cases[n], ha, hb, hc, n);
  rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), dd(nc * W * cr);

  long failures = 0, printed = 0;
  for (const Variant& v : variants) {
    dd.zero();
    const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p;
    uint32_t* pd = dd.p;
    rt::launch(v.kernel, rt::Dim(unsigned(nc)), rt::Dim(unsigned(W)), {&pa, &pb, &pc, &pd});
    failures += check_variant(s, cases, dd.download(), v.mods, mod_name(v.mods, is_int(s.a)), printed);
  }
  return verdict(s.builtin, failures);
}

}  // namespace wt
