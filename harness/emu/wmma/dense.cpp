// Dense WMMA: D = C + A * B for the 11 RDNA4 variants, wave32 and wave64.

#include "compute.h"
#include "dense_wave32.h"
#include "rdna4emu/model.h"

namespace rdna4emu::wmma {

static bool valid(Dense v) { return static_cast<int>(v) < kDenseCount; }

Shape dense_shape(Dense v, int wave_size) {
  if (!valid(v) || (wave_size != 32 && wave_size != 64)) return {0, 0, 0, 0, 0};
  const int* r = info(v).regs[wave_size == 64];
  return {r[0], r[1], r[2], r[2], 0};
}

const char* dense_mnemonic(Dense v) { return valid(v) ? info(v).mnemonic : "v_wmma_<invalid>"; }

int dense_cycles(Dense v, int wave_size) {
  // MODEL(wave64_cycles): same figure for wave32 and wave64 (candidate double: twice it in wave64).
  if (!valid(v)) return 0;
  return info(v).cycles * (wave_size == 64 && model::active<model::Wave64Cycles>() == model::Wave64Cycles::Double ? 2 : 1);
}

namespace detail {

void dense_generic(Dense v, const Mods& m, int wave_size, const uint32_t* a, const uint32_t* b,
                   const uint32_t* c, uint32_t* d, size_t stride) {
  const VariantInfo& vi = info(v);
  const Plan& p = dense_plan(v, wave_size);
  static thread_local Operands op;
  const int K = vi.k, bits = type_bits(vi.a);
  op.K = K;
  op.is_int = type_is_int(vi.a);
  const bool sign_a = m.neg_lo & 1, sign_b = m.neg_lo & 2;  // integer: NEG[0]/[1] = signed
  const Decoder dec_a = decoder(vi.a), dec_b = decoder(vi.b);
  if (op.is_int) {
    gather_int(p.a, bits, a, stride, sign_a, op.ia);
    gather_int(p.b, bits, b, stride, sign_b, op.ib);
  } else {
    gather_float(p.a, bits, a, stride, dec_a, m.neg_lo & 1, m.neg_hi & 1, op.fa);
    gather_float(p.b, bits, b, stride, dec_b, m.neg_lo & 2, m.neg_hi & 2, op.fb);
  }
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < K; ++k) op.kidx[i * 64 + k] = k;
  read_c(vi, p, m, c, stride, op);  // all inputs read before D is written (D may alias C)
  multiply_accumulate(vi, p, m, op, d, stride);
}

}  // namespace detail

namespace {

// Every other call: checks, then the wave32 fast path or the generic one.
__attribute__((noinline)) bool dense_checked(Dense v, const Mods& m, int wave_size, const uint32_t* a,
                                             const uint32_t* b, const uint32_t* c, uint32_t* d, size_t stride,
                                             const char** why) {
  if (!valid(v)) {
    if (why) *why = "unknown dense WMMA variant";
    return false;
  }
  const VariantInfo& vi = info(v);
  if (!detail::check_mods(vi, m, wave_size, why)) return false;
  if (!a || !b || !c || !d || stride < static_cast<size_t>(wave_size)) {
    if (why) *why = "WMMA: null register image or stride smaller than the wave size";
    return false;
  }
  if (wave_size == 32 && model::all_default())  // candidate models: the generic path only
    detail::dense_wave32(v, m, a, b, c, d, stride);
  else
    detail::dense_generic(v, m, wave_size, a, b, c, d, stride);
  return true;
}

}  // namespace

bool dense(Dense v, const Mods& m, int wave_size, const uint32_t* a, const uint32_t* b,
           const uint32_t* c, uint32_t* d, size_t stride, const char** why) {
  // Fast path (the executor's usual call): wave32 without modifiers, which
  // check_mods() accepts for every variant (op_sel_hi is ignored).
  if (wave_size == 32 && valid(v) && (m.neg_lo | m.neg_hi | m.op_sel | static_cast<int>(m.clamp)) == 0 && a &&
      b && c && d && stride >= 32 && model::all_default()) {
    detail::dense_wave32_fn(v)(m, a, b, c, d, stride);
    return true;
  }
  return dense_checked(v, m, wave_size, a, b, c, d, stride, why);
}

}  // namespace rdna4emu::wmma
