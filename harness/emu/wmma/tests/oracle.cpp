#include "oracle.h"

#include <cmath>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

#ifndef WMMA_TEST_DATA_DIR
#error WMMA_TEST_DATA_DIR must be defined
#endif

namespace ref {

int bits(Ty t) {
  switch (t) {
    case Ty::F16: case Ty::BF16: return 16;
    case Ty::FP8: case Ty::BF8: case Ty::IU8: return 8;
    case Ty::IU4: return 4;
    default: return 32;
  }
}
bool is_int(Ty t) { return t == Ty::IU8 || t == Ty::IU4 || t == Ty::I32; }

const std::vector<Variant>& variants() {
  static const std::vector<Variant> v = {
      {"v_wmma_f32_16x16x16_f16", Ty::F16, Ty::F16, Ty::F32, 16, false, 0},
      {"v_wmma_f32_16x16x16_bf16", Ty::BF16, Ty::BF16, Ty::F32, 16, false, 1},
      {"v_wmma_f16_16x16x16_f16", Ty::F16, Ty::F16, Ty::F16, 16, false, 2},
      {"v_wmma_bf16_16x16x16_bf16", Ty::BF16, Ty::BF16, Ty::BF16, 16, false, 3},
      {"v_wmma_i32_16x16x16_iu8", Ty::IU8, Ty::IU8, Ty::I32, 16, false, 4},
      {"v_wmma_i32_16x16x16_iu4", Ty::IU4, Ty::IU4, Ty::I32, 16, false, 5},
      {"v_wmma_f32_16x16x16_fp8_fp8", Ty::FP8, Ty::FP8, Ty::F32, 16, false, 6},
      {"v_wmma_f32_16x16x16_fp8_bf8", Ty::FP8, Ty::BF8, Ty::F32, 16, false, 7},
      {"v_wmma_f32_16x16x16_bf8_fp8", Ty::BF8, Ty::FP8, Ty::F32, 16, false, 8},
      {"v_wmma_f32_16x16x16_bf8_bf8", Ty::BF8, Ty::BF8, Ty::F32, 16, false, 9},
      {"v_wmma_i32_16x16x32_iu4", Ty::IU4, Ty::IU4, Ty::I32, 32, false, 10},
      {"v_swmmac_f32_16x16x32_f16", Ty::F16, Ty::F16, Ty::F32, 32, true, 0},
      {"v_swmmac_f32_16x16x32_bf16", Ty::BF16, Ty::BF16, Ty::F32, 32, true, 1},
      {"v_swmmac_f16_16x16x32_f16", Ty::F16, Ty::F16, Ty::F16, 32, true, 2},
      {"v_swmmac_bf16_16x16x32_bf16", Ty::BF16, Ty::BF16, Ty::BF16, 32, true, 3},
      {"v_swmmac_i32_16x16x32_iu8", Ty::IU8, Ty::IU8, Ty::I32, 32, true, 4},
      {"v_swmmac_i32_16x16x32_iu4", Ty::IU4, Ty::IU4, Ty::I32, 32, true, 5},
      {"v_swmmac_i32_16x16x64_iu4", Ty::IU4, Ty::IU4, Ty::I32, 64, true, 6},
      {"v_swmmac_f32_16x16x32_fp8_fp8", Ty::FP8, Ty::FP8, Ty::F32, 32, true, 7},
      {"v_swmmac_f32_16x16x32_fp8_bf8", Ty::FP8, Ty::BF8, Ty::F32, 32, true, 8},
      {"v_swmmac_f32_16x16x32_bf8_fp8", Ty::BF8, Ty::FP8, Ty::F32, 32, true, 9},
      {"v_swmmac_f32_16x16x32_bf8_bf8", Ty::BF8, Ty::BF8, Ty::F32, 32, true, 10},
  };
  return v;
}

// ---- formats (from the IEEE 754 / OCP 8-bit FP definitions) ----

// Generic minifloat: value = (-1)^s * 2^(e - bias) * (1 + m / 2^mb), e == 0: 2^(1 - bias) * m / 2^mb.
static double minifloat(uint32_t s, uint32_t e, uint32_t m, int mb, int bias) {
  double mag = e == 0 ? std::ldexp(static_cast<double>(m), 1 - bias - mb)
                      : std::ldexp(1.0 + std::ldexp(static_cast<double>(m), -mb), static_cast<int>(e) - bias);
  return s ? -mag : mag;
}

double decode(Ty t, uint32_t raw) {
  switch (t) {
    case Ty::F16: {
      uint32_t s = (raw >> 15) & 1, e = (raw >> 10) & 31, m = raw & 1023;
      if (e == 31) return m ? NAN : (s ? -INFINITY : INFINITY);
      return minifloat(s, e, m, 10, 15);
    }
    case Ty::BF16: {
      uint32_t s = (raw >> 15) & 1, e = (raw >> 7) & 255, m = raw & 127;
      if (e == 255) return m ? NAN : (s ? -INFINITY : INFINITY);
      return minifloat(s, e, m, 7, 127);
    }
    case Ty::FP8: {  // OCP E4M3 (fn): no infinities; S.1111.111 is NaN
      uint32_t s = (raw >> 7) & 1, e = (raw >> 3) & 15, m = raw & 7;
      if (e == 15 && m == 7) return NAN;
      return minifloat(s, e, m, 3, 7);
    }
    case Ty::BF8: {  // OCP E5M2: IEEE-like
      uint32_t s = (raw >> 7) & 1, e = (raw >> 2) & 31, m = raw & 3;
      if (e == 31) return m ? NAN : (s ? -INFINITY : INFINITY);
      return minifloat(s, e, m, 2, 15);
    }
    case Ty::F32: {
      float f;
      std::memcpy(&f, &raw, 4);
      return f;
    }
    default:
      throw std::logic_error("decode: not a float type");
  }
}

int64_t decode_int(Ty t, uint32_t raw, bool sgn) {
  int b = bits(t);
  if (b == 32) return static_cast<int32_t>(raw);
  int64_t v = raw & ((1u << b) - 1);
  if (sgn && v >= (int64_t{1} << (b - 1))) v -= int64_t{1} << b;
  return v;
}

uint32_t canonical_nan(Ty acc) {
  return acc == Ty::F32 ? 0x7fc00000u : acc == Ty::F16 ? 0x7e00u : 0x7fc0u;
}

// bf16 from a double by searching the two neighbouring bf16 values around x
// (bf16 values are floats with a zero low half) and picking the nearer, ties
// to the even significand.
static uint32_t double_to_bf16(double x) {
  if (std::isinf(x)) return x > 0 ? 0x7f80u : 0xff80u;
  uint32_t sign = std::signbit(x) ? 0x8000u : 0;
  double a = std::fabs(x);
  // Enumerate candidates by magnitude bits: the largest bf16 <= a, and the next one.
  uint32_t lo = 0, hi = 0x7f80;  // binary search over the monotonic magnitudes 0 .. inf
  while (hi - lo > 1) {
    uint32_t mid = (lo + hi) / 2;
    if (decode(Ty::BF16, mid) <= a) lo = mid; else hi = mid;
  }
  if (decode(Ty::BF16, lo) == a) return sign | lo;
  double dl = a - decode(Ty::BF16, lo);
  double dh = hi == 0x7f80 ? INFINITY : decode(Ty::BF16, hi) - a;
  if (hi == 0x7f80) {  // beyond the largest finite: overflow threshold is max + half ulp
    double max = decode(Ty::BF16, 0x7f7f), half_ulp = std::ldexp(1.0, 127 - 8);
    if (a < max + half_ulp) return sign | 0x7f7f;
    return sign | 0x7f80;
  }
  if (dl < dh) return sign | lo;
  if (dh < dl) return sign | hi;
  return sign | ((lo & 1) ? hi : lo);
}

uint32_t round_to(Ty acc, double x) {
  if (std::isnan(x)) return canonical_nan(acc);
  switch (acc) {
    case Ty::F32: {
      float f = static_cast<float>(x);
      uint32_t u;
      std::memcpy(&u, &f, 4);
      return u;
    }
    case Ty::F16: {
      _Float16 h = static_cast<_Float16>(x);  // compiler/libgcc conversion, round to nearest even
      uint16_t u;
      std::memcpy(&u, &h, 2);
      return u;
    }
    case Ty::BF16:
      return double_to_bf16(x);
    default:
      throw std::logic_error("round_to: not a float accumulator");
  }
}

// ---- calculator layouts ----

namespace {
struct LayoutDb {
  std::vector<std::vector<Field>> layouts;
  std::map<std::string, int> use;  // "mnemonic w32 a 0" -> layout
  LayoutDb() {
    std::string path = std::string(WMMA_TEST_DATA_DIR) + "/calculator_layouts.txt";
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open " + path);
    std::string line;
    while (std::getline(in, line)) {
      if (line.empty() || line[0] == '#') continue;
      std::istringstream ss(line);
      std::string kind;
      ss >> kind;
      if (kind == "layout") {
        size_t n;
        ss >> n;
        if (n != layouts.size()) throw std::runtime_error("layout ids out of order");
        std::vector<Field> f;
        std::string tok;
        while (ss >> tok) {
          Field x{};
          if (std::sscanf(tok.c_str(), "%d.%d.%d@%d", &x.gpr, &x.bit, &x.width, &x.lane) != 4)
            throw std::runtime_error("bad token " + tok);
          f.push_back(x);
        }
        layouts.push_back(std::move(f));
      } else if (kind == "use") {
        std::string m, w, mat, opsel;
        int id;
        ss >> m >> w >> mat >> opsel >> id;
        use[m + " " + w + " " + mat + " " + opsel] = id;
      } else {
        throw std::runtime_error("bad line in " + path);
      }
    }
  }
};
}  // namespace

const std::vector<Field>& layout(const std::string& mnemonic, int wave, char matrix, int opsel) {
  static const LayoutDb db;
  std::string key = mnemonic + " w" + std::to_string(wave) + " " + matrix + " " + std::to_string(opsel);
  auto it = db.use.find(key);
  if (it == db.use.end()) throw std::runtime_error("no calculator layout for " + key);
  return db.layouts[it->second];
}

uint32_t Regs::get(const Field& f) const {
  uint32_t w = v.at(f.gpr * stride + f.lane);
  return f.width == 32 ? w : (w >> f.bit) & ((1u << f.width) - 1);
}
void Regs::put(const Field& f, uint32_t value) {
  uint32_t& w = v.at(f.gpr * stride + f.lane);
  if (f.width == 32) {
    w = value;
    return;
  }
  uint32_t mask = ((1u << f.width) - 1) << f.bit;
  w = (w & ~mask) | ((value << f.bit) & mask);
}

}  // namespace ref

namespace ref {

static bool neg_bit(const rdna4emu::wmma::Mods& m, int src, int bit) {
  return bit < 16 ? ((m.neg_lo >> src) & 1) : ((m.neg_hi >> src) & 1);
}

std::vector<uint32_t> run(const Problem& p, bool* ok, const char** why) {
  const Variant& v = *p.v;
  const int K = v.K, w = p.wave, ab = bits(v.a);
  const size_t stride = p.stride ? p.stride : static_cast<size_t>(w);
  auto nregs = [&](const std::vector<Field>& f) {
    int n = 0;
    for (const Field& x : f) n = std::max(n, x.gpr + 1);
    return n;
  };
  const auto& la = layout(v.mnemonic, w, 'a');
  const auto& lb = layout(v.mnemonic, w, 'b');
  const auto& ld = layout(v.mnemonic, w, 'd');
  Regs A(nregs(la), stride, p.fill), B(nregs(lb), stride, p.fill), C(nregs(ld), stride, p.fill),
      I(1, stride, p.fill);
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < 16; ++j) B.put(lb[k * 16 + j], p.b[k * 16 + j]);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) C.put(ld[i * 16 + j], p.c[i * 16 + j]);
  const char* dummy = nullptr;
  if (!v.sparse) {
    for (int i = 0; i < 16; ++i)
      for (int k = 0; k < K; ++k) A.put(la[i * K + k], p.a[i * K + k]);
    Regs D(nregs(ld), stride, 0x5a5a5a5a);
    *ok = rdna4emu::wmma::dense(static_cast<rdna4emu::wmma::Dense>(v.id), p.mods, w, A.data(),
                                B.data(), C.data(), D.data(), stride, why ? why : &dummy);
    std::vector<uint32_t> out(256);
    for (int e = 0; e < 256; ++e) out[e] = D.get(ld[e]);
    return out;
  }
  const auto& lk = layout(v.mnemonic, w, 'k', p.mods.op_sel & 3);
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < K / 4; ++g) {
      Field slot = la[i * K + 4 * g];  // the calculator reports the pair's slot (2 elements wide)
      for (int s = 0; s < 2; ++s) {
        Field f{slot.gpr, slot.bit + s * ab, ab, slot.lane};
        A.put(f, p.a[i * (K / 2) + 2 * g + s]);
      }
      I.put(lk[i * K + 4 * g], p.idx[i * (K / 4) + g]);
    }
  *ok = rdna4emu::wmma::sparse(static_cast<rdna4emu::wmma::Sparse>(v.id), p.mods, w, A.data(),
                               B.data(), I.data(), C.data(), stride, why ? why : &dummy);
  std::vector<uint32_t> out(256);
  for (int e = 0; e < 256; ++e) out[e] = C.get(ld[e]);
  return out;
}

std::vector<uint32_t> expect(const Problem& p) {
  const Variant& v = *p.v;
  const int K = v.K, w = p.wave, ab = bits(v.a);
  const auto& la = layout(v.mnemonic, w, 'a');
  const auto& lb = layout(v.mnemonic, w, 'b');
  const rdna4emu::wmma::Mods& m = p.mods;
  // Terms of row i: (value of A, B row).
  const int T = v.sparse ? K / 2 : K;
  std::vector<uint32_t> out(256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      const uint32_t craw = p.c[i * 16 + j];
      if (is_int(v.a)) {
        int64_t sum = decode_int(Ty::I32, craw, true);
        for (int t = 0; t < T; ++t) {
          int k = v.sparse ? 4 * (t / 2) + ((p.idx[i * (K / 4) + t / 2] >> (2 * (t % 2))) & 3) : t;
          sum += decode_int(v.a, p.a[i * T + t], m.neg_lo & 1) *
                 decode_int(v.b, p.b[k * 16 + j], m.neg_lo & 2);
        }
        if (m.clamp) sum = std::min<int64_t>(INT32_MAX, std::max<int64_t>(INT32_MIN, sum));
        out[i * 16 + j] = static_cast<uint32_t>(sum);
        continue;
      }
      double sum = -0.0;
      for (int t = 0; t < T; ++t) {
        int k = t, abit;
        if (v.sparse) {
          k = 4 * (t / 2) + ((p.idx[i * (K / 4) + t / 2] >> (2 * (t % 2))) & 3);
          abit = la[i * K + 4 * (t / 2)].bit + (t % 2) * ab;
        } else {
          abit = la[i * K + t].bit;
        }
        double a = decode(v.a, p.a[i * T + t]);
        double b = decode(v.b, p.b[k * 16 + j]);
        if (ab == 16 && neg_bit(m, 0, abit)) a = -a;
        if (ab == 16 && neg_bit(m, 1, lb[k * 16 + j].bit)) b = -b;
        sum += a * b;
      }
      double c = decode(v.acc, craw);
      if (m.neg_hi & 4) c = std::fabs(c);
      if (m.neg_lo & 4) c = -c;
      out[i * 16 + j] = round_to(v.acc, sum + c);
    }
  return out;
}

uint32_t random_element(Ty t, std::mt19937& rng, bool allow_special) {
  std::uniform_int_distribution<uint32_t> u(0, 0xffffffffu);
  for (;;) {
    uint32_t r = u(rng);
    switch (t) {
      case Ty::IU8: return r & 0xff;
      case Ty::IU4: return r & 0xf;
      case Ty::I32: return r;
      case Ty::FP8:
      case Ty::BF8: {
        uint32_t x = r & 0xff;
        if (!allow_special && std::isnan(decode(t, x))) continue;
        if (!allow_special && std::isinf(decode(t, x))) continue;
        return x;
      }
      case Ty::F16: {
        if (allow_special) return r & 0xffff;
        // exponent field 5..20: magnitudes 2^-10 .. 2^6
        uint32_t e = 5 + (r >> 16) % 16;
        return ((r >> 31) << 15) | (e << 10) | (r & 0x3ff);
      }
      case Ty::BF16: {
        if (allow_special) return r & 0xffff;
        uint32_t e = 117 + (r >> 16) % 16;
        return ((r >> 31) << 15) | (e << 7) | (r & 0x7f);
      }
      case Ty::F32: {
        if (allow_special) return r;
        uint32_t e = 117 + (r >> 8) % 16;
        return (r & 0x80000000u) | (e << 23) | (r & 0x7fffff);
      }
    }
  }
}

Problem random_problem(const Variant& v, int wave, std::mt19937& rng) {
  Problem p;
  p.v = &v;
  p.wave = wave;
  const int K = v.K;
  const int T = v.sparse ? K / 2 : K;
  for (int e = 0; e < 16 * T; ++e) p.a.push_back(random_element(v.a, rng));
  for (int e = 0; e < K * 16; ++e) p.b.push_back(random_element(v.b, rng));
  for (int e = 0; e < 256; ++e) p.c.push_back(random_element(v.acc, rng));
  if (v.sparse) {
    static const uint32_t pairs[6][2] = {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}};
    for (int e = 0; e < 16 * (K / 4); ++e) {
      const uint32_t* pr = pairs[rng() % 6];
      p.idx.push_back(pr[0] | (pr[1] << 2));
    }
  }
  return p;
}

}  // namespace ref
