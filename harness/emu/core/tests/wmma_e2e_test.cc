// End to end: compiled WMMA / SWMMAC / transpose-load kernels through the
// decoder, operand plumbing (VGPR ranges, modifiers, inline C) and wmma.h.
// Expectations come from plain matrix maths and the layout
// formulas of docs/facts/layouts.md, not from the emulator's code.
#include <gtest/gtest.h>

#include <random>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

struct Cfg {
  int clang;
  std::string opt;
};
void PrintTo(const Cfg& c, std::ostream* os) { *os << "clang" << c.clang << " -" << c.opt; }
std::string cfg_name(const testing::TestParamInfo<Cfg>& p) {
  return "clang" + std::to_string(p.param.clang) + "_" + p.param.opt;
}

class Wmma : public testing::TestWithParam<Cfg> {
 protected:
  std::shared_ptr<CodeObject> build(const std::string& file, bool w64 = false, const std::string& arch = "gfx1201") {
    return build_hip(file, GetParam().clang, GetParam().opt, arch, w64);
  }
  LaunchResult run(Device& d, const CodeObject& co, const std::string& k, Dim3 grid, Dim3 block, const Args& a,
                   unsigned threads = 0) {
    return launch_kernel(d, co, k, grid, block, a, threads);
  }
};
#define NEED(co) \
  if (!co) GTEST_SKIP() << "clang not installed"

// wave32, 16-bit inputs: element index within a lane's 8 halves, and the lane.
int ab16_elem(int k) { return 2 * (2 * (k / 8) + (k / 2) % 2) + k % 2; }
int ab16_lane(int k, int i) { return 16 * ((k / 4) % 2) + i; }
// wave32 accumulators: D[i][j] is element i%8 of lane 16*(i/8)+j.
int cd_lane(int i, int j) { return 16 * (i / 8) + j; }

uint16_t bf16(float f) {
  uint32_t u;
  std::memcpy(&u, &f, 4);
  return uint16_t(u >> 16);  // exact for the small integers used
}

struct Mats {
  float A[16][16], B[16][16], C[16][16];
};
Mats random_mats(unsigned seed) {
  Mats m;
  std::mt19937 rng(seed);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      m.A[i][j] = float(int(rng() % 9) - 4);
      m.B[i][j] = float(int(rng() % 9) - 4);
      m.C[i][j] = float(int(rng() % 201) - 100);
    }
  return m;
}

TEST_P(Wmma, F32F16AndNegModifiers) {
  auto co = build("wmma_w32");
  NEED(co);
  Device d;
  Mats m = random_mats(1);
  std::vector<uint16_t> a(32 * 8), b(32 * 8);
  std::vector<float> c(32 * 8);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      a[ab16_lane(k, i) * 8 + ab16_elem(k)] = f32_to_f16(m.A[i][k]);
      b[ab16_lane(k, i) * 8 + ab16_elem(k)] = f32_to_f16(m.B[k][i]);  // B[k][j], j = i
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) c[cd_lane(i, j) * 8 + i % 8] = m.C[i][j];
  uint64_t da = upload(d, a), db = upload(d, b), dc = upload(d, c), dd = d.alloc(4 * 256);
  for (const char* k : {"wmma_f32_f16", "wmma_f32_f16_neg"}) {
    bool neg = std::string(k).find("neg") != std::string::npos;
    run(d, *co, k, {1, 1, 1}, {32, 1, 1}, Args().add(da).add(db).add(dc).add(dd));
    auto out = read_back<float>(d, dd, 256);
    for (int i = 0; i < 16; ++i)
      for (int j = 0; j < 16; ++j) {
        float s = 0;
        for (int kk = 0; kk < 16; ++kk) s += m.A[i][kk] * m.B[kk][j];
        float want = neg ? -s - m.C[i][j] : s + m.C[i][j];
        ASSERT_EQ(out[cd_lane(i, j) * 8 + i % 8], want) << k << " D[" << i << "][" << j << "]";
      }
  }
}

TEST_P(Wmma, F16AccumulateAndChainedWmma) {
  auto co = build("wmma_w32");
  NEED(co);
  Device d;
  Mats m = random_mats(2);
  std::vector<uint16_t> a(256), b(256), c(256);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      a[ab16_lane(k, i) * 8 + ab16_elem(k)] = f32_to_f16(m.A[i][k]);
      b[ab16_lane(k, i) * 8 + ab16_elem(k)] = f32_to_f16(m.B[k][i]);
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) c[cd_lane(i, j) * 8 + i % 8] = f32_to_f16(m.C[i][j]);
  uint64_t da = upload(d, a), db = upload(d, b), dc = upload(d, c), dd = d.alloc(2 * 256);
  run(d, *co, "wmma_f16_f16", {1, 1, 1}, {32, 1, 1}, Args().add(da).add(db).add(dc).add(dd));
  auto out = read_back<uint16_t>(d, dd, 256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      float s = m.C[i][j];
      for (int kk = 0; kk < 16; ++kk) s += m.A[i][kk] * m.B[kk][j];
      ASSERT_EQ(f16_to_f32(out[cd_lane(i, j) * 8 + i % 8]), s) << "D[" << i << "][" << j << "]";
    }
  // bf16 inputs, f32 accumulate.
  std::vector<uint16_t> ab(256), bb(256);
  std::vector<float> cf(256);
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      ab[ab16_lane(k, i) * 8 + ab16_elem(k)] = bf16(m.A[i][k]);
      bb[ab16_lane(k, i) * 8 + ab16_elem(k)] = bf16(m.B[k][i]);
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) cf[cd_lane(i, j) * 8 + i % 8] = m.C[i][j];
  uint64_t dab = upload(d, ab), dbb = upload(d, bb), dcf = upload(d, cf), ddf = d.alloc(4 * 256);
  run(d, *co, "wmma_f32_bf16", {1, 1, 1}, {32, 1, 1}, Args().add(dab).add(dbb).add(dcf).add(ddf));
  auto outf = read_back<float>(d, ddf, 256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      float s = m.C[i][j];
      for (int kk = 0; kk < 16; ++kk) s += m.A[i][kk] * m.B[kk][j];
      ASSERT_EQ(outf[cd_lane(i, j) * 8 + i % 8], s) << "bf16 D[" << i << "][" << j << "]";
    }
}

TEST_P(Wmma, Iu8SignedAUnsignedBClamp) {
  auto co = build("wmma_w32");
  NEED(co);
  Device d;
  std::mt19937 rng(4);
  int A[16][16], B[16][16], C[16][16];
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      A[i][j] = int(rng() % 256) - 128;  // signed (neg_lo[0] = a_sign = true)
      B[i][j] = int(rng() % 256);        // unsigned (b_sign = false)
      C[i][j] = int(rng() % 2001) - 1000;
    }
  C[0][0] = INT32_MAX - 10;  // with clamp: saturates instead of wrapping (A row 0 made positive below)
  for (int k = 0; k < 16; ++k) A[0][k] = 127;
  std::vector<uint8_t> a(32 * 8), b(32 * 8);
  std::vector<int32_t> c(256);
  // iu8: element (byte) k%8 of lane 16*(k/8)+i.
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < 16; ++k) {
      a[(16 * (k / 8) + i) * 8 + k % 8] = uint8_t(A[i][k]);
      b[(16 * (k / 8) + i) * 8 + k % 8] = uint8_t(B[k][i]);
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) c[cd_lane(i, j) * 8 + i % 8] = C[i][j];
  uint64_t da = upload(d, a), db = upload(d, b), dc = upload(d, c), dd = d.alloc(4 * 256);
  run(d, *co, "wmma_iu8", {1, 1, 1}, {32, 1, 1}, Args().add(da).add(db).add(dc).add(dd));
  auto out = read_back<int32_t>(d, dd, 256);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      int64_t s = C[i][j];
      for (int k = 0; k < 16; ++k) s += int64_t(A[i][k]) * B[k][j];
      int64_t want = std::min<int64_t>(std::max<int64_t>(s, INT32_MIN), INT32_MAX);
      ASSERT_EQ(out[cd_lane(i, j) * 8 + i % 8], want) << "D[" << i << "][" << j << "]";
    }
}

// wave64: all-ones inputs make the check independent of the (unverified)
// wave64 layouts: every D element is 16 + C.
TEST_P(Wmma, Wave64DenseF32F16) {
  auto co = build("wmma_w64", true);
  NEED(co);
  Device d;
  std::vector<uint16_t> a(64 * 4, f32_to_f16(1.0f)), b(64 * 4, f32_to_f16(1.0f));
  std::vector<float> c(64 * 4);
  for (size_t i = 0; i < c.size(); ++i) c[i] = float(i % 7);
  uint64_t da = upload(d, a), db = upload(d, b), dc = upload(d, c), dd = d.alloc(4 * 256);
  auto r = run(d, *co, "wmma64_f32_f16", {1, 1, 1}, {64, 1, 1}, Args().add(da).add(db).add(dc).add(dd));
  auto out = read_back<float>(d, dd, 256);
  for (size_t i = 0; i < 256; ++i) ASSERT_EQ(out[i], 16.0f + float(i % 7)) << i;
  EXPECT_EQ(r.stats.per_mnemonic["v_wmma_f32_16x16x16_f16"], 1u);
}

// Every compiled WMMA / SWMMAC kernel runs without a fault (decoder and
// operand plumbing for each opcode), w32 and w64.
TEST_P(Wmma, EveryVariantExecutes) {
  for (bool w64 : {false, true}) {
    auto co = build(w64 ? "wmma_w64" : "wmma_w32", w64);
    NEED(co);
    Device d;
    uint64_t buf[5];
    for (auto& x : buf) {
      x = d.alloc(64 * 64);
      std::vector<uint8_t> init(64 * 64);
      for (size_t i = 0; i < init.size(); ++i) init[i] = uint8_t(i * 37 % 13);  // small values, valid indices
      d.write(x, init.data(), init.size());
    }
    int n = 0;
    for (const KernelInfo& k : co->kernels()) {
      size_t nargs = 0;
      for (auto& a : k.args) nargs += a.value_kind.rfind("hidden_", 0) != 0;
      Args args;
      for (size_t i = 0; i < nargs; ++i) args.add(buf[i]);
      run(d, *co, k.name, {1, 1, 1}, {w64 ? 64u : 32u, 1, 1}, args);
      ++n;
    }
    EXPECT_GE(n, 21) << "kernels in " << (w64 ? "wmma_w64" : "wmma_w32");
  }
}

TEST_P(Wmma, TransposeLoadB128) {
  auto co = build("transpose");
  NEED(co);
  Device d;
  std::vector<uint16_t> in(32 * 8);
  for (size_t i = 0; i < in.size(); ++i) in[i] = uint16_t(i * 3 + 1);
  uint64_t din = upload(d, in), dout = d.alloc(2 * 256);
  run(d, *co, "tr_b128_i16", {1, 1, 1}, {32, 1, 1}, Args().add(din).add(dout));
  auto out = read_back<uint16_t>(d, dout, 256);
  // docs/facts/transpose.md#transpose-b128: dst[L].e[j] = R(8*(L/8) + j)[L%8], R(s) = lane s's 8 halves.
  for (int L = 0; L < 32; ++L)
    for (int j = 0; j < 8; ++j) ASSERT_EQ(out[L * 8 + j], in[(8 * (L / 8) + j) * 8 + L % 8]) << L << "," << j;
}

TEST_P(Wmma, TiledGemmFourWavesAndDeterminism) {
  auto co = build("gemm_f16");
  NEED(co);
  const int M = 128, N = 128, K = 64;
  std::mt19937 rng(9);
  std::vector<uint16_t> A(M * K), B(K * N);
  std::vector<float> Af(M * K), Bf(K * N);
  for (int i = 0; i < M * K; ++i) { Af[i] = float(int(rng() % 7) - 3); A[i] = f32_to_f16(Af[i]); }
  for (int i = 0; i < K * N; ++i) { Bf[i] = float(int(rng() % 7) - 3); B[i] = f32_to_f16(Bf[i]); }
  std::vector<float> out[2];
  for (unsigned threads : {1u, 2u}) {
    Device d;
    uint64_t da = upload(d, A), db = upload(d, B), dc = d.alloc(4 * M * N);
    auto r = run(d, *co, "gemm_f16", {N / 64, M / 64, 1}, {128, 1, 1}, Args().add(da).add(db).add(dc).add(M).add(N).add(K),
                 threads);
    out[threads - 1] = read_back<float>(d, dc, M * N);
    EXPECT_EQ(r.stats.waves, 16u);
    EXPECT_EQ(r.stats.per_mnemonic["v_wmma_f32_16x16x16_f16"], 16u * 4 * (K / 16));
  }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0;
      for (int k = 0; k < K; ++k) s += Af[i * K + k] * Bf[k * N + j];
      ASSERT_EQ(out[0][i * N + j], s) << i << "," << j;
    }
  EXPECT_EQ(0, std::memcmp(out[0].data(), out[1].data(), out[0].size() * 4)) << "threads=1 vs 2 differ";
}

std::vector<Cfg> cfgs() {
  std::vector<Cfg> v;
  for (int c : {19, 22})
    for (const char* o : {"O0", "O3"}) v.push_back({c, o});
  return v;
}
INSTANTIATE_TEST_SUITE_P(Toolchains, Wmma, testing::ValuesIn(cfgs()), cfg_name);

}  // namespace
