// End to end: HIP kernels compiled by clang-19 and clang-22 (-O0/-O2/-O3,
// gfx1201 and gfx1200) run through Device::launch and are compared with
// host-computed expectations.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <tuple>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

struct Cfg {
  int clang;
  std::string opt, arch;
};
void PrintTo(const Cfg& c, std::ostream* os) { *os << "clang" << c.clang << " -" << c.opt << " " << c.arch; }
std::string cfg_name(const testing::TestParamInfo<Cfg>& p) {
  return "clang" + std::to_string(p.param.clang) + "_" + p.param.opt + "_" + p.param.arch;
}
std::vector<Cfg> all_cfgs() {
  std::vector<Cfg> v;
  for (int c : {19, 22})
    for (const char* o : {"O0", "O2", "O3"})
      for (const char* a : {"gfx1201", "gfx1200"}) v.push_back({c, o, a});
  return v;
}

class E2E : public testing::TestWithParam<Cfg> {
 protected:
  std::shared_ptr<CodeObject> build(const std::string& file, bool w64 = false) {
    const Cfg& c = GetParam();
    return build_hip(file, c.clang, c.opt, c.arch, w64);
  }
  LaunchResult launch(Device& d, const CodeObject& co, const std::string& kname, Dim3 grid, Dim3 block,
                      const Args& a, unsigned threads = 0) {
    return launch_kernel(d, co, kname, grid, block, a, threads);
  }
};

#define NEED(co) \
  if (!co) GTEST_SKIP() << "clang " << GetParam().clang << " not installed"

TEST_P(E2E, VectorAdd) {
  auto co = build("vadd");
  NEED(co);
  Device d(GetParam().arch);
  const int n = 1000;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) { a[i] = 0.5f * i - 3; b[i] = std::ldexp(1.0f, i % 20) / 3.0f; }
  uint64_t da = upload(d, a), db = upload(d, b), dc = d.alloc(4 * 1024);
  std::vector<float> sentinel(1024, -7.0f);
  d.write(dc, sentinel.data(), 4096);
  auto r = launch(d, *co, "vadd", {8, 1, 1}, {128, 1, 1}, Args().add(da).add(db).add(dc).add(n));
  auto c = read_back<float>(d, dc, 1024);
  for (int i = 0; i < n; ++i) ASSERT_EQ(c[i], a[i] + b[i]) << i;
  for (int i = n; i < 1024; ++i) ASSERT_EQ(c[i], -7.0f) << "out-of-range lane wrote " << i;
  EXPECT_EQ(r.stats.workgroups, 8u);
  EXPECT_EQ(r.stats.waves, 32u);
  EXPECT_GT(r.stats.wave_instructions, 0u);
}

TEST_P(E2E, Index3D) {
  auto co = build("index2d");
  NEED(co);
  Device d(GetParam().arch);
  const int w = 13, h = 7, dd = 5;
  uint64_t out = d.alloc(4 * w * h * dd);
  d.fill(out, 0xff, 4 * w * h * dd);
  launch(d, *co, "index3d", {4, 3, 3}, {4, 3, 2}, Args().add(out).add(w).add(h).add(dd).add(42));
  auto v = read_back<int32_t>(d, out, size_t(w) * h * dd);
  for (int z = 0; z < dd; ++z)
    for (int y = 0; y < h; ++y)
      for (int x = 0; x < w; ++x) ASSERT_EQ(v[(z * h + y) * w + x], x + 100 * y + 10000 * z + 42) << x << "," << y << "," << z;
  uint64_t o2 = d.alloc(4 * 40 * 30);
  launch(d, *co, "index2d", {3, 4, 1}, {16, 8, 1}, Args().add(o2).add(40).add(30));
  auto v2 = read_back<int32_t>(d, o2, 40 * 30);
  for (int y = 0; y < 30; ++y)
    for (int x = 0; x < 40; ++x) ASSERT_EQ(v2[y * 40 + x], x * 1000 + y);
}

TEST_P(E2E, LdsReductionFourWaves) {
  auto co = build("lds_reduce");
  NEED(co);
  Device d(GetParam().arch);
  std::vector<int32_t> in(128 * 6);
  std::mt19937 rng(5);
  for (auto& x : in) x = int32_t(rng() % 2001) - 1000;
  uint64_t din = upload(d, in), dout = d.alloc(4 * 6);
  auto r = launch(d, *co, "lds_reduce", {6, 1, 1}, {128, 1, 1}, Args().add(din).add(dout));
  auto out = read_back<int32_t>(d, dout, 6);
  for (int g = 0; g < 6; ++g) {
    int32_t s = 0;
    for (int i = 0; i < 128; ++i) s += in[g * 128 + i];
    EXPECT_EQ(out[g], s) << "workgroup " << g;
  }
  EXPECT_EQ(r.stats.waves, 24u);
  EXPECT_GT(r.stats.per_mnemonic["s_barrier_wait"], 0u);
}

TEST_P(E2E, LdsHalvesKeepOtherHalf) {
  auto co = build("lds_reduce");
  NEED(co);
  Device d(GetParam().arch);
  std::vector<uint16_t> in(256);
  for (int i = 0; i < 256; ++i) in[i] = f32_to_f16(float(i % 17) - 8.0f);
  uint64_t din = upload(d, in), dout = d.alloc(2 * 128);
  launch(d, *co, "lds_half", {1, 1, 1}, {128, 1, 1}, Args().add(din).add(dout));
  auto out = read_back<uint16_t>(d, dout, 128);
  for (int t = 0; t < 128; ++t) {
    float a = f16_to_f32(in[255 - t]), b = f16_to_f32(in[127 - t]);
    EXPECT_EQ(f16_to_f32(out[t]), a * b + 1.0f) << t;  // small integers: exact in f16
  }
}

TEST_P(E2E, PrivateArrayScratch) {
  auto co = build("spill");
  NEED(co);
  Device d(GetParam().arch);
  std::vector<int32_t> in(64);
  for (int i = 0; i < 64; ++i) in[i] = i * 3 - 50;
  uint64_t din = upload(d, in), dout = d.alloc(4 * 64);
  launch(d, *co, "private_array", {1, 1, 1}, {64, 1, 1}, Args().add(din).add(dout));
  auto out = read_back<int32_t>(d, dout, 64);
  for (int t = 0; t < 64; ++t) {
    int priv[64];
    for (int i = 0; i < 64; ++i) priv[i] = in[(t + i) % 64] * (i + 1);
    int s = 0;
    for (int i = 0; i < 64; ++i) s += priv[(i * 7 + t) % 64];
    EXPECT_EQ(out[t], s) << t;
  }
}

struct Params { int a; unsigned b; long long c; short d; char e; };

TEST_P(E2E, IntegerOps) {
  auto co = build("scalar_int");
  NEED(co);
  Device d(GetParam().arch);
  std::vector<int32_t> in(256);
  std::mt19937 rng(11);
  for (auto& x : in) x = int32_t(rng());
  in[0] = INT32_MIN; in[1] = INT32_MAX; in[2] = 0; in[3] = -1;
  Params p{-7, 1000003u, -123456789012345LL, -300, 'x'};
  uint64_t din = upload(d, in), dout = d.alloc(4 * 256);
  launch(d, *co, "int_ops", {2, 1, 1}, {128, 1, 1}, Args().add(din).add(dout).raw(&p, sizeof p));
  auto out = read_back<int32_t>(d, dout, 256);
  for (unsigned t = 0; t < 256; ++t) {
    int x = in[t];
    unsigned u = (unsigned)x;
    // Same expression as the kernel, with wraparound made explicit.
    uint32_t r = 0;
    r += uint32_t(x == INT32_MIN && (p.a | 1) == -1 ? x : x / (p.a | 1));
    r += (u % (p.b | 1));
    r ^= uint32_t(x) << (t & 31);
    r += (u >> (t & 7)) + uint32_t(x >> 3);
    r += uint32_t(x < 0 ? 0u - uint32_t(x) : uint32_t(x));
    r += uint32_t(__builtin_popcount(u) + __builtin_clz(u | 1) + __builtin_ctz(u | 0x80000000));
    r += uint32_t((int64_t)((uint64_t)(int64_t)x * (uint64_t)p.c) >> 17);
    r += uint32_t((uint64_t)u * (uint64_t)p.b >> 32);
    r += uint32_t(x > p.d ? x : p.d);
    r += (unsigned)x < (unsigned)p.e ? 1 : 2;
    long long big = (long long)((unsigned long long)(long long)x * (unsigned long long)(long long)x + (unsigned long long)p.c);
    r += uint32_t(big / 7) + uint32_t(big % 11);
    EXPECT_EQ(uint32_t(out[t]), r) << "lane " << t << " x=" << x;
  }
}

TEST_P(E2E, FloatOps) {
  auto co = build("float_ops");
  NEED(co);
  Device d(GetParam().arch);
  const int n = 256;
  std::vector<float> a(n), b(n);
  std::mt19937 rng(3);
  std::uniform_real_distribution<float> dist(-100, 100);
  for (int i = 0; i < n; ++i) { a[i] = dist(rng); b[i] = dist(rng); }
  b[5] = -3.0f;  // x / 0
  uint64_t da = upload(d, a), db = upload(d, b), dout = d.alloc(4 * n);
  const float s = 1.25f;
  launch(d, *co, "float_ops", {2, 1, 1}, {128, 1, 1}, Args().add(da).add(db).add(dout).add(s));
  auto out = read_back<float>(d, dout, n);
  for (int t = 0; t < n; ++t) {
    float x = a[t], y = b[t];
    double r = std::fma(double(x), y, s);
    r += double(x) * y - s;
    r += std::fmin(x, y) + std::fmax(x, s);
    r += std::fabs(x) - (-y);
    r += double(x) / (y + 3.0f);
    r += std::sqrt(std::fabs(y));
    r += (float)(int)x + (float)(unsigned)std::fabs(y);
    r += std::floor(x) + std::ceil(y) + std::trunc(x) + std::rint(y);
    r += x < y ? 1.0 : 0.5;
    if (std::isinf(r) || std::isinf(out[t])) {
      EXPECT_EQ(std::isinf(out[t]), std::isinf(r)) << t;
      continue;
    }
    // fp contraction and evaluation order differ between the kernel and this
    // reference: allow a few ULP of the largest term.
    EXPECT_NEAR(out[t], r, 1e-3 + 1e-5 * std::fabs(r)) << "lane " << t << " x=" << x << " y=" << y;
  }
}

TEST_P(E2E, DivergentLoops) {
  auto co = build("loops");
  NEED(co);
  Device d(GetParam().arch);
  std::vector<uint32_t> in(96);
  for (int i = 0; i < 96; ++i) in[i] = uint32_t(i * 7 + 1);
  uint64_t din = upload(d, in), dout = d.alloc(4 * 96);
  launch(d, *co, "collatz", {3, 1, 1}, {32, 1, 1}, Args().add(din).add(dout));
  auto out = read_back<uint32_t>(d, dout, 96);
  for (int i = 0; i < 96; ++i) {
    uint32_t x = in[i], steps = 0;
    while (x != 1 && steps < 1000) { x = (x & 1) ? 3 * x + 1 : x >> 1; ++steps; }
    EXPECT_EQ(out[i], steps) << i;
  }
}

struct Big { float m[4]; int n; double dd; };

TEST_P(E2E, StructArgument) {
  auto co = build("loops");
  NEED(co);
  Device d(GetParam().arch);
  Big b{{1.5f, -2.0f, 0.25f, 8.0f}, 11, 0.125};
  uint64_t dout = d.alloc(4 * 64);
  launch(d, *co, "struct_arg", {1, 1, 1}, {64, 1, 1}, Args().raw(&b, sizeof b).add(dout));
  auto out = read_back<float>(d, dout, 64);
  float acc = 0;
  for (int i = 0; i < b.n; ++i) acc += b.m[i & 3] * (float)i;
  for (int t = 0; t < 64; ++t) EXPECT_EQ(out[t], ((t & 1) ? -acc : acc) + (float)b.dd) << t;
}

INSTANTIATE_TEST_SUITE_P(Toolchains, E2E, testing::ValuesIn(all_cfgs()), cfg_name);

}  // namespace

namespace {

// Wave64 code (-mwavefrontsize64): 64-lane EXEC/VCC masks, SGPR-pair lane masks.
class E2EWave64 : public E2E {};

TEST_P(E2EWave64, VectorAddAndLdsReduction) {
  const Cfg& c = GetParam();
  if (!have_clang(c.clang)) GTEST_SKIP() << "clang " << c.clang << " not installed";
  std::string err;
  std::string p = compile_hip("vadd", c.clang, c.opt, c.arch, true, &err);
  ASSERT_FALSE(p.empty()) << err;
  auto co = load_co(p, c.arch);
  ASSERT_EQ(co->kernels()[0].wavefront_size, 64u);
  Device d(c.arch);
  const int n = 333;
  std::vector<float> a(n), b(n);
  for (int i = 0; i < n; ++i) { a[i] = float(i) * 0.25f; b[i] = float(7 - i); }
  uint64_t da = upload(d, a), db = upload(d, b), dc = d.alloc(4 * 512);
  auto r = launch(d, *co, "vadd", {4, 1, 1}, {128, 1, 1}, Args().add(da).add(db).add(dc).add(n));
  auto out = read_back<float>(d, dc, n);
  for (int i = 0; i < n; ++i) ASSERT_EQ(out[i], a[i] + b[i]) << i;
  EXPECT_EQ(r.stats.waves, 8u);  // 128 work-items = 2 waves of 64
  std::string p2 = compile_hip("lds_reduce", c.clang, c.opt, c.arch, true, &err);
  ASSERT_FALSE(p2.empty()) << err;
  auto co2 = load_co(p2, c.arch);
  std::vector<int32_t> in(128 * 3);
  for (size_t i = 0; i < in.size(); ++i) in[i] = int32_t(i * 13 % 101) - 50;
  uint64_t din = upload(d, in), dout = d.alloc(12);
  launch(d, *co2, "lds_reduce", {3, 1, 1}, {128, 1, 1}, Args().add(din).add(dout));
  auto sums = read_back<int32_t>(d, dout, 3);
  for (int g = 0; g < 3; ++g) {
    int32_t s = 0;
    for (int i = 0; i < 128; ++i) s += in[g * 128 + i];
    EXPECT_EQ(sums[g], s) << g;
  }
}

INSTANTIATE_TEST_SUITE_P(Toolchains, E2EWave64, testing::ValuesIn(all_cfgs()), cfg_name);

// The CLI: clear errors and exit status 2 on bad input; 1 on a kernel fault.
TEST(Cli, BadInputsGiveCleanErrors) {
  std::string out;
  const std::string emu = RDNA4_EMU_CLI;
  EXPECT_EQ(run_cmd(emu, &out), 2);
  EXPECT_NE(out.find("usage"), std::string::npos) << out;
  EXPECT_EQ(run_cmd(emu + " frobnicate x", &out), 2);
  EXPECT_NE(out.find("unknown command"), std::string::npos) << out;
  EXPECT_EQ(run_cmd(emu + " info /nonexistent.co", &out), 2);
  EXPECT_NE(out.find("cannot open"), std::string::npos) << out;
  std::string junk = out_dir() + "/junk.co";
  run_cmd("head -c 300 /dev/urandom > " + junk + "; printf '\\177ELF' | dd of=" + junk + " conv=notrunc 2>/dev/null", nullptr);
  EXPECT_EQ(run_cmd(emu + " info " + junk, &out), 2);
  EXPECT_NE(out.find("error"), std::string::npos) << out;
  if (!have_clang(22)) return;
  std::string err;
  std::string co = compile_hip("vadd", 22, "O3", "gfx1201", false, &err);
  ASSERT_FALSE(co.empty()) << err;
  EXPECT_EQ(run_cmd(emu + " disasm " + co + " nosuchkernel", &out), 2);
  EXPECT_NE(out.find("no kernel 'nosuchkernel'"), std::string::npos) << out;
  EXPECT_EQ(run_cmd(emu + " run " + co + " vadd --grid 1 --block 64 --arg ptr:256", &out), 2);
  EXPECT_NE(out.find("takes 4 explicit argument(s)"), std::string::npos) << out;
  EXPECT_EQ(run_cmd(emu + " run " + co + " vadd --grid 1 --block 64 --arg ptr:256 --arg ptr:256 --arg ptr:256 --arg i64:3", &out), 2);
  EXPECT_NE(out.find("is 4 bytes"), std::string::npos) << out;
  EXPECT_EQ(run_cmd(emu + " run " + co + " vadd --grid 0 --block 64", &out), 2);
  EXPECT_EQ(run_cmd(emu + " run " + co + " vadd --grid 1 --block 64 --arg ptr:256 --arg ptr:256 --arg ptr:256:print=f32 --arg i32:64", &out), 0)
      << out;
  // n = 1000 with 256-byte buffers: the kernel faults -> exit 1 and a MemoryViolation diagnostic.
  EXPECT_EQ(run_cmd(emu + " run " + co + " vadd --grid 16 --block 64 --arg ptr:256 --arg ptr:256 --arg ptr:256 --arg i32:1000", &out), 1);
  EXPECT_NE(out.find("fault MemoryViolation"), std::string::npos) << out;
  EXPECT_EQ(run_cmd(emu + " run " + co + " vadd --grid 1 --block 64 --arg ptr:256 --arg ptr:256 --arg ptr:256 --arg i32:64 --budget 5", &out), 1);
  EXPECT_NE(out.find("BudgetExceeded"), std::string::npos) << out;
}

}  // namespace

namespace {

TEST_P(E2E, CallsConstantTablesAndDeviceGlobals) {
  auto co = build("globals");
  NEED(co);
  Device d(GetParam().arch);
  launch(d, *co, "set_counter", {1, 1, 1}, {32, 1, 1}, Args().add(1000));
  uint64_t out = d.alloc(4 * 64);
  launch(d, *co, "use_table", {1, 1, 1}, {64, 1, 1}, Args().add(out));
  auto v = read_back<int32_t>(d, out, 64);
  const int table[8] = {3, 1, 4, 1, 5, 9, 2, 6};
  for (int t = 0; t < 64; ++t) EXPECT_EQ(v[t], table[t & 7] * t + 1000) << t;  // global persists across launches
  EXPECT_NE(d.code_object_base(*co), 0u);
  EXPECT_EQ(d.code_object_base(*co), d.code_object_base(*co));
}

}  // namespace

namespace {

TEST_P(E2E, GlobalAndLdsAtomics) {
  auto co = build("atomics");
  NEED(co);
  for (unsigned threads : {1u, 2u}) {
    Device d(GetParam().arch);
    std::vector<int32_t> in(512);
    for (int i = 0; i < 512; ++i) in[i] = i * 7;
    uint64_t din = upload(d, in), bins = d.alloc(64), fsum = d.alloc(4), total = d.alloc(8);
    launch(d, *co, "atomics", {4, 1, 1}, {128, 1, 1}, Args().add(din).add(bins).add(fsum).add(total), threads);
    auto b = read_back<int32_t>(d, bins, 16);
    std::vector<int32_t> want(16, 0);
    int64_t sum = 0;
    for (int v : in) { ++want[v & 15]; sum += v; }
    EXPECT_EQ(b, want);
    EXPECT_EQ(read_back<float>(d, fsum, 1)[0], 512.0f);  // integer-valued f32 sums are order-independent
    auto t = read_back<int32_t>(d, total, 2);
    EXPECT_EQ(t[0], int32_t(sum));
    EXPECT_EQ(t[1], 128);
  }
}

}  // namespace
