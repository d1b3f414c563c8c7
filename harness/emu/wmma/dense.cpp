// Dense WMMA: D = C + A * B for the 11 RDNA4 variants, wave32 and wave64.
#include "compute.h"

namespace rdna4emu::wmma {

using detail::get_field;

static bool valid(Dense v) { return static_cast<int>(v) < kDenseCount; }

Shape dense_shape(Dense v, int wave_size) {
  if (!valid(v) || (wave_size != 32 && wave_size != 64)) return {0, 0, 0, 0, 0};
  const int* r = info(v).regs[wave_size == 64];
  return {r[0], r[1], r[2], r[2], 0};
}

const char* dense_mnemonic(Dense v) { return valid(v) ? info(v).mnemonic : "v_wmma_<invalid>"; }

int dense_cycles(Dense v, int wave_size) {
  // MODEL(wave64_cycles): same figure for wave32 and wave64.
  (void)wave_size;
  return valid(v) ? info(v).cycles : 0;
}

bool dense(Dense v, const Mods& m, int wave_size, const uint32_t* a, const uint32_t* b,
           const uint32_t* c, uint32_t* d, size_t stride, const char** why) {
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
  const detail::Plan& p = detail::dense_plan(v, wave_size);
  static thread_local detail::Operands op;
  const int K = vi.k, bits = type_bits(vi.a);
  op.K = K;
  op.is_int = type_is_int(vi.a);
  const bool sign_a = m.neg_lo & 1, sign_b = m.neg_lo & 2;  // integer: NEG[0]/[1] = signed
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < K; ++k) {
      const layout::Loc& l = p.a[i * K + k];
      uint32_t raw = get_field(a, stride, l, bits);
      if (op.is_int) {
        op.ia[i * 64 + k] = detail::decode_int(vi.a, raw, sign_a);
      } else {
        if (bits == 16 && detail::neg_applies(m, 0, l.bit)) raw ^= 0x8000u;
        op.fa[i * 64 + k] = detail::decode_float(vi.a, raw);
      }
      op.kidx[i * 64 + k] = k;
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < 16; ++j) {
      const layout::Loc& l = p.b[k * 16 + j];
      uint32_t raw = get_field(b, stride, l, bits);
      if (op.is_int) {
        op.ib[k * 16 + j] = detail::decode_int(vi.b, raw, sign_b);
      } else {
        if (bits == 16 && detail::neg_applies(m, 1, l.bit)) raw ^= 0x8000u;
        op.fb[k * 16 + j] = detail::decode_float(vi.b, raw);
      }
    }
  detail::read_c(vi, p, m, c, stride, op);  // all inputs read before D is written (D may alias C)
  detail::multiply_accumulate(vi, p, m, op, d, stride);
  return true;
}

}  // namespace rdna4emu::wmma
