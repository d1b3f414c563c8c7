// Memory instructions (DS, FLAT, GLOBAL, SCRATCH, SMEM, BUFFER) against values
// worked out by hand from AMD's RDNA4 ISA reference guide pseudocode: every
// element kind of the loads and stores (sign/zero extension, d16 halves kept),
// atomics with their return values and wrap rules, float atomics with NaN and
// signed zeros. Each case runs with 32 active lanes (whole-wave paths) and
// with 5 (the checked per-lane loops).
#include <gtest/gtest.h>

#include <cstdio>
#include <sstream>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

using Bytes = std::vector<uint8_t>;

template <class T>
Bytes bytes_of(const std::vector<T>& v) {
  Bytes b(v.size() * sizeof(T));
  std::memcpy(b.data(), v.data(), b.size());
  return b;
}
template <class T>
std::vector<T> as_vec(const Bytes& b) {
  std::vector<T> v(b.size() / sizeof(T));
  std::memcpy(v.data(), b.data(), v.size() * sizeof(T));
  return v;
}

struct MemRun {
  bool ran = false;
  LaunchResult r;
  std::vector<Bytes> bufs;
};

// Four buffer arguments (s[4:5], s[6:7], s[8:9], s[10:11] after the prologue),
// each 512 bytes (or the given contents, padded to 512); v0 = lane id.
MemRun run_mem(const std::string& name, const std::string& body, std::vector<Bytes> init, unsigned lanes = 32,
               int lds = 512, int priv = 0, bool wave64 = false) {
  MemRun out;
  if (!have_clang(22)) return out;
  AsmKernel k;
  k.name = name;
  k.nptr = 4;
  k.lds = lds;
  k.priv = priv;
  k.wave64 = wave64;
  k.vgprs = 40;
  k.body = "  s_load_b256 s[4:11], s[0:1], 0x0\n  s_wait_kmcnt 0\n" + body + "\n  s_endpgm\n";
  std::string err;
  std::string path = assemble(name, asm_text(k), &err);
  EXPECT_FALSE(path.empty()) << err;
  if (path.empty()) return out;
  auto co = load_co(path);
  Device d;
  init.resize(4);
  Args a;
  std::vector<uint64_t> addr;
  for (auto& b : init) {
    b.resize(std::max<size_t>(b.size(), 512), 0);
    addr.push_back(upload(d, b));
    a.add(addr.back());
  }
  const KernelInfo* ki = co->find_kernel(name);
  EXPECT_NE(ki, nullptr);
  if (!ki) return out;
  LaunchConfig cfg{{1, 1, 1}, {lanes, 1, 1}, 0};
  out.r = d.launch(*co, *ki, cfg, kernarg(*ki, a, cfg));
  for (size_t i = 0; i < init.size(); ++i) out.bufs.push_back(read_back<uint8_t>(d, addr[i], init[i].size()));
  out.ran = true;
  return out;
}

#define NEED(x) \
  if (!(x).ran) GTEST_SKIP() << "llvm 22 tools not installed"

const Bytes kSrc = {0x81, 0xf2, 0x03, 0x84, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f, 0x10};

struct LoadCase {
  const char* sfx;   // global/flat/scratch mnemonic suffix
  const char* ds;    // ds_load_ suffix
  uint32_t want;     // with the register preset to 0xaaaabbbb, element at byte 0 of kSrc
};
// Bytes 81 f2 03 84: u8 0x81, i8 -127, u16 0xf281, i16 -3455, dword 0x8403f281.
const LoadCase kLoads[] = {
    {"u8", "u8", 0x00000081},          {"i8", "i8", 0xffffff81},          {"u16", "u16", 0x0000f281},
    {"i16", "i16", 0xfffff281},        {"d16_u8", "u8_d16", 0xaaaa0081},  {"d16_i8", "i8_d16", 0xaaaaff81},
    {"d16_b16", "u16_d16", 0xaaaaf281}, {"d16_hi_u8", "u8_d16_hi", 0x0081bbbb},
    {"d16_hi_i8", "i8_d16_hi", 0xff81bbbb}, {"d16_hi_b16", "u16_d16_hi", 0xf281bbbb}, {"b32", "b32", 0x8403f281},
};

// Loads every kind in `space` (global, flat, scratch, ds) from a copy of kSrc,
// result k of lane l to buf1[128 * k + 4 * l].
void check_loads(const std::string& space, unsigned lanes) {
  std::ostringstream b;
  b << "  v_lshlrev_b32 v20, 2, v0\n  v_mov_b32 v2, 0\n  v_mov_b32 v4, s4\n  v_mov_b32 v5, s5\n"
       "  global_load_b128 v[30:33], v2, s[4:5]\n  s_wait_loadcnt 0\n";
  if (space == "scratch") b << "  scratch_store_b128 off, v[30:33], off offset:16\n  s_wait_storecnt 0\n";
  if (space == "ds") b << "  ds_store_b128 v2, v[30:33] offset:16\n  s_wait_dscnt 0\n";
  int k = 0;
  for (const LoadCase& c : kLoads) {
    b << "  v_mov_b32 v3, 0xaaaabbbb\n";
    if (space == "global") b << "  global_load_" << c.sfx << " v3, v2, s[4:5]\n  s_wait_loadcnt 0\n";
    if (space == "flat") b << "  flat_load_" << c.sfx << " v3, v[4:5]\n  s_wait_loadcnt_dscnt 0\n";
    if (space == "scratch") b << "  scratch_load_" << c.sfx << " v3, off, off offset:16\n  s_wait_loadcnt 0\n";
    if (space == "ds") b << "  ds_load_" << c.ds << " v3, v2 offset:16\n  s_wait_dscnt 0\n";
    b << "  global_store_b32 v20, v3, s[6:7] offset:" << 128 * k++ << "\n";
  }
  auto r = run_mem("loads_" + space + std::to_string(lanes), b.str(), {kSrc, Bytes(2048)}, lanes, 512,
                   space == "scratch" ? 64 : 0);
  NEED(r);
  ASSERT_TRUE(r.r.ok()) << r.r.diagnostic;
  auto got = as_vec<uint32_t>(r.bufs[1]);
  k = 0;
  for (const LoadCase& c : kLoads) {
    for (unsigned l = 0; l < lanes; ++l)
      EXPECT_EQ(got[32 * k + l], c.want) << space << " load " << c.sfx << " lane " << l << std::hex << " got 0x"
                                         << got[32 * k + l];
    ++k;
  }
}

TEST(MemLoads, GlobalEveryKind) { check_loads("global", 32); check_loads("global", 5); }
TEST(MemLoads, FlatEveryKind) { check_loads("flat", 32); check_loads("flat", 5); }
TEST(MemLoads, ScratchEveryKind) { check_loads("scratch", 32); check_loads("scratch", 5); }
TEST(MemLoads, LdsEveryKind) { check_loads("ds", 32); check_loads("ds", 5); }

// Sub-dword stores of 0x11223344: b8 -> 44, b16 -> 44 33, d16_hi_b8 -> 22,
// d16_hi_b16 -> 22 11; the other bytes of a 0xee-filled buffer stay.
void check_stores(const std::string& space, unsigned lanes) {
  const char* g[] = {"b8", "b16", "d16_hi_b8", "d16_hi_b16"};
  const char* d[] = {"b8", "b16", "b8_d16_hi", "b16_d16_hi"};
  std::ostringstream b;
  b << "  v_mov_b32 v2, 0\n  v_mov_b32 v3, 0x11223344\n  v_mov_b32 v4, s6\n  v_mov_b32 v5, s7\n";
  if (space == "ds") b << "  global_load_b128 v[30:33], v2, s[6:7]\n  s_wait_loadcnt 0\n  ds_store_b128 v2, v[30:33]\n";
  for (int i = 0; i < 4; ++i) {
    if (space == "global") b << "  global_store_" << g[i] << " v2, v3, s[6:7] offset:" << 4 * i << "\n";
    if (space == "flat") b << "  flat_store_" << g[i] << " v[4:5], v3 offset:" << 4 * i << "\n";
    if (space == "ds") b << "  ds_store_" << d[i] << " v2, v3 offset:" << 4 * i << "\n";
  }
  if (space == "ds") b << "  s_wait_dscnt 0\n  ds_load_b128 v[30:33], v2\n  s_wait_dscnt 0\n  global_store_b128 v2, v[30:33], s[6:7]\n";
  auto r = run_mem("stores_" + space + std::to_string(lanes), b.str(), {Bytes(16), Bytes(16, 0xee)}, lanes);
  NEED(r);
  ASSERT_TRUE(r.r.ok()) << r.r.diagnostic;
  const Bytes want = {0x44, 0xee, 0xee, 0xee, 0x44, 0x33, 0xee, 0xee, 0x22, 0xee, 0xee, 0xee, 0x22, 0x11, 0xee, 0xee};
  EXPECT_EQ(Bytes(r.bufs[1].begin(), r.bufs[1].begin() + 16), want) << space;
}

TEST(MemStores, SubDwordKinds) {
  for (const char* sp : {"global", "flat", "ds"}) {
    check_stores(sp, 32);
    check_stores(sp, 5);
  }
}

TEST(MemLoads, WideAndTwoAddress) {
  // b64/b96/b128 from byte 4 of kSrc; ds_load_2addr_b32 offsets 1 and 3 (bytes 4, 12);
  // ds_load_2addr_stride64_b32 with offsets 0 and 1 (bytes 0 and 256).
  std::string body =
      "  v_mov_b32 v2, 0\n  v_lshlrev_b32 v20, 4, v0\n  global_load_b128 v[30:33], v2, s[4:5]\n  s_wait_loadcnt 0\n"
      "  ds_store_b128 v2, v[30:33]\n  v_mov_b32 v6, 0x12345678\n  ds_store_b32 v2, v6 offset:256\n  s_wait_dscnt 0\n"
      "  global_load_b96 v[10:12], v2, s[4:5] offset:4\n  s_wait_loadcnt 0\n  global_store_b96 v20, v[10:12], s[6:7]\n"
      "  ds_load_2addr_b32 v[10:11], v2 offset0:1 offset1:3\n  s_wait_dscnt 0\n"
      "  global_store_b64 v20, v[10:11], s[6:7] offset:512\n"
      "  ds_load_2addr_stride64_b32 v[10:11], v2 offset1:1\n  s_wait_dscnt 0\n"
      "  global_store_b64 v20, v[10:11], s[6:7] offset:1024\n";
  for (unsigned lanes : {32u, 5u}) {
    auto r = run_mem("wide" + std::to_string(lanes), body, {kSrc, Bytes(2048)}, lanes);
    NEED(r);
    ASSERT_TRUE(r.r.ok()) << r.r.diagnostic;
    auto got = as_vec<uint32_t>(r.bufs[1]);
    for (unsigned l = 0; l < lanes; ++l) {
      EXPECT_EQ(got[4 * l + 0], 0x08070605u);
      EXPECT_EQ(got[4 * l + 1], 0x0c0b0a09u);
      EXPECT_EQ(got[4 * l + 2], 0x100f0e0du);
      EXPECT_EQ(got[128 + 4 * l + 0], 0x08070605u);
      EXPECT_EQ(got[128 + 4 * l + 1], 0x100f0e0du);
      EXPECT_EQ(got[256 + 4 * l + 0], 0x8403f281u);
      EXPECT_EQ(got[256 + 4 * l + 1], 0x12345678u);
    }
  }
}

// ---- atomics ---------------------------------------------------------------------
// One case per lane: memory word (at buf0 + 8 * lane), data, compare, expected new
// memory and expected return (the old memory value).
struct Atom {
  uint64_t mem, data, cmp, want_mem;
  const char* why;
};

// space: global, flat, ds. 64-bit ops: data v[1:2], compare v[3:4], return v[5:6];
// 32-bit: data v1, compare v2 (VMEM cmpswap takes v[1:2] = {data, compare}).
void check_atomic(const std::string& space, const std::string& op, bool is64, const std::vector<Atom>& cases) {
  std::vector<uint64_t> mem, data, cmp;
  for (const Atom& c : cases) {
    mem.push_back(c.mem);
    data.push_back(c.data);
    cmp.push_back(c.cmp);
  }
  const bool twodata = op.find("cmpswap") != std::string::npos || op.find("cmpstore") != std::string::npos ||
                       op.find("mskor") != std::string::npos;
  std::ostringstream b;
  b << "  v_lshlrev_b32 v10, 3, v0\n  v_mov_b32 v11, 0\n  v_mov_b32 v5, 0xdead\n  v_mov_b32 v6, 0xbeef\n";
  if (is64) b << "  global_load_b64 v[1:2], v10, s[8:9]\n  global_load_b64 v[3:4], v10, s[10:11]\n";
  else b << "  global_load_b32 v1, v10, s[8:9]\n  global_load_b32 v2, v10, s[10:11]\n";
  b << "  s_wait_loadcnt 0\n";
  const std::string ret = is64 ? "v[5:6]" : "v5";
  const std::string dat = is64 ? (twodata && space != "ds" ? "v[1:4]" : "v[1:2]") : (twodata && space != "ds" ? "v[1:2]" : "v1");
  const std::string cmpr = is64 ? "v[3:4]" : "v2";
  if (space == "global") {
    b << "  global_atomic_" << op << " " << ret << ", v10, " << dat << ", s[4:5] th:TH_ATOMIC_RETURN\n  s_wait_loadcnt 0\n";
  } else if (space == "flat") {
    b << "  v_add_co_u32 v12, vcc_lo, s4, v10\n  v_add_co_ci_u32_e64 v13, null, s5, 0, vcc_lo\n"
      << "  flat_atomic_" << op << " " << ret << ", v[12:13], " << dat << " th:TH_ATOMIC_RETURN\n"
      << "  s_wait_loadcnt_dscnt 0\n";
  } else {
    b << "  global_load_b64 v[14:15], v10, s[4:5]\n  s_wait_loadcnt 0\n  ds_store_b64 v10, v[14:15]\n  s_wait_dscnt 0\n"
      << "  ds_" << op << " " << ret << ", v10, " << dat << (twodata ? ", " + cmpr : "") << "\n  s_wait_dscnt 0\n"
      << "  ds_load_b64 v[14:15], v10\n  s_wait_dscnt 0\n  global_store_b64 v10, v[14:15], s[4:5]\n";
  }
  b << "  global_store_b64 v10, v[5:6], s[6:7]\n";
  const unsigned n = unsigned(cases.size());
  auto r = run_mem(space + "_" + op, b.str(), {bytes_of(mem), Bytes(), bytes_of(data), bytes_of(cmp)}, n);
  NEED(r);
  ASSERT_TRUE(r.r.ok()) << r.r.diagnostic;
  auto m = as_vec<uint64_t>(r.bufs[0]);
  auto ret_got = as_vec<uint64_t>(r.bufs[1]);
  const uint64_t mask = is64 ? ~0ull : 0xffffffffull;
  for (unsigned l = 0; l < n; ++l) {
    const Atom& c = cases[l];
    EXPECT_EQ(m[l] & mask, c.want_mem & mask) << space << " " << op << " (" << c.why << ") memory, lane " << l
                                              << std::hex << " got 0x" << m[l];
    const uint64_t want_ret = is64 ? c.mem : (c.mem & mask) | (0xbeefull << 32);
    EXPECT_EQ(ret_got[l], want_ret) << space << " " << op << " (" << c.why << ") return, lane " << l;
  }
}

void check_atomic_all(const std::string& op, bool is64, const std::vector<Atom>& cases, bool ds = true,
                      const std::string& ds_op = "") {
  check_atomic("global", op, is64, cases);
  check_atomic("flat", op, is64, cases);
  if (ds) check_atomic("ds", ds_op.empty() ? op : ds_op, is64, cases);
}

TEST(MemAtomics, IntegerWrapRules) {
  check_atomic_all("add_u32", false, {{0xffffffff, 2, 0, 1, "wraps"}, {5, 7, 0, 12, "plain"}}, true, "add_rtn_u32");
  check_atomic_all("sub_u32", false, {{1, 2, 0, 0xffffffff, "wraps"}, {9, 7, 0, 2, "plain"}}, true, "sub_rtn_u32");
  // inc: old >= data ? 0 : old + 1;  dec: (old == 0 || old > data) ? data : old - 1.
  check_atomic_all("inc_u32", false,
                   {{5, 5, 0, 0, "old == limit wraps to 0"}, {3, 5, 0, 4, "below limit"}, {9, 5, 0, 0, "above limit"}},
                   true, "inc_rtn_u32");
  check_atomic_all("dec_u32", false,
                   {{0, 5, 0, 5, "zero wraps to limit"}, {7, 5, 0, 5, "above limit"}, {3, 5, 0, 2, "plain"}}, true,
                   "dec_rtn_u32");
  check_atomic_all("min_i32", false, {{0xfffffffe, 3, 0, 0xfffffffe, "-2 < 3"}, {3, 0xfffffffe, 0, 0xfffffffe, ""}},
                   true, "min_rtn_i32");
  check_atomic_all("max_u32", false, {{0xfffffffe, 3, 0, 0xfffffffe, "unsigned"}}, true, "max_rtn_u32");
  check_atomic_all("cmpswap_b32", false, {{7, 9, 7, 9, "equal: swaps"}, {7, 9, 8, 7, "unequal: keeps"}}, true,
                   "cmpstore_rtn_b32");
  // cond_sub: old >= data ? old - data : old;  sub_clamp: old < data ? 0 : old - data.
  check_atomic_all("cond_sub_u32", false, {{5, 7, 0, 5, "below: kept"}, {7, 7, 0, 0, "equal"}, {9, 7, 0, 2, "above"}},
                   true, "cond_sub_rtn_u32");
  check_atomic_all("sub_clamp_u32", false, {{5, 7, 0, 0, "clamps to 0"}, {9, 7, 0, 2, "plain"}}, true,
                   "sub_clamp_rtn_u32");
}

TEST(MemAtomics, SixtyFourBit) {
  const uint64_t big = 0x00000001ffffffffull;
  check_atomic_all("add_u64", true, {{big, 1, 0, 0x0000000200000000ull, "carry into the high dword"}}, true,
                   "add_rtn_u64");
  check_atomic_all("inc_u64", true, {{big, big, 0, 0, "old == limit"}, {2, big, 0, 3, "plain"}}, true, "inc_rtn_u64");
  check_atomic_all("dec_u64", true, {{0, big, 0, big, "zero wraps"}, {5, 3, 0, 3, "above"}}, true, "dec_rtn_u64");
  check_atomic_all("min_i64", true, {{~0ull, 0, 0, ~0ull, "-1 < 0"}}, true, "min_rtn_i64");
  check_atomic_all("max_u64", true, {{~0ull, 0, 0, ~0ull, "unsigned"}}, true, "max_rtn_u64");
  check_atomic_all("cmpswap_b64", true, {{big, 5, big, 5, "equal"}, {big, 5, 0xffffffffull, big, "low dword equal only"}},
                   true, "cmpstore_rtn_b64");
}

TEST(MemAtomics, FloatAndPacked) {
  // add_f32: 1.5 + 2.25 = 3.75 (0x40700000); +inf + -inf = default NaN 0x7fc00000.
  check_atomic_all("add_f32", false, {{0x3fc00000, 0x40100000, 0, 0x40700000, "exact"},
                                      {0x7f800000, 0xff800000, 0, 0x7fc00000, "inf - inf"}},
                   true, "add_rtn_f32");
  // min_num/max_num: -0 < +0; NaN loses to a number; two NaNs: the data NaN, quieted.
  check_atomic_all("min_num_f32", false,
                   {{0x00000000, 0x80000000, 0, 0x80000000, "-0 < +0"},
                    {0x7fc00001, 0x3f800000, 0, 0x3f800000, "memory NaN"},
                    {0x3f800000, 0x7f800001, 0, 0x3f800000, "data sNaN"},
                    {0x7fc00001, 0x7f800002, 0, 0x7fc00002, "both NaN: data quieted"}},
                   true, "min_num_rtn_f32");
  check_atomic_all("max_num_f32", false, {{0x80000000, 0x00000000, 0, 0x00000000, "+0 > -0"},
                                          {0xbf800000, 0xc0000000, 0, 0xbf800000, "-1 > -2"}},
                   true, "max_num_rtn_f32");
  // pk_add_f16: halves {1.0, 2.0} + {0.5, -2.0} = {1.5, +0}: 0x3c00 + 0x3800 = 0x3e00; 0x4000 + 0xc000 = 0x0000.
  check_atomic_all("pk_add_f16", false, {{0x40003c00, 0xc0003800, 0, 0x00003e00, "exact; x + -x = +0"}}, true,
                   "pk_add_rtn_f16");
  // pk_add_bf16: 1.0 (0x3f80) + 2^-8 (0x3b80) = 1.00390625: a tie between 0x3f80 and 0x3f81 -> even 0x3f80;
  // 1.0 + 3 * 2^-9 (0x3bc0): 1.005859375 rounds up to 0x3f81.
  check_atomic_all("pk_add_bf16", false, {{0x3f803f80, 0x3bc03b80, 0, 0x3f813f80, "ties to even / round up"}}, true,
                   "pk_add_rtn_bf16");
}

TEST(MemAtomics, SameAddressLanesInOrder) {
  // Every lane adds 1 to one word (10): lane l returns 10 + l, memory ends at 42.
  std::string body =
      "  v_mov_b32 v1, 1\n  v_mov_b32 v10, 0\n  v_lshlrev_b32 v20, 2, v0\n"
      "  global_atomic_add_u32 v5, v10, v1, s[4:5] th:TH_ATOMIC_RETURN\n  s_wait_loadcnt 0\n"
      "  global_store_b32 v20, v5, s[6:7]\n";
  auto r = run_mem("same_addr", body, {bytes_of(std::vector<uint32_t>{10})});
  NEED(r);
  ASSERT_TRUE(r.r.ok()) << r.r.diagnostic;
  EXPECT_EQ(as_vec<uint32_t>(r.bufs[0])[0], 42u);
  auto ret = as_vec<uint32_t>(r.bufs[1]);
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(ret[l], 10 + l);
}

TEST(MemAtomics, NoReturnLeavesVdst) {
  // Without TH_ATOMIC_RETURN the vdst field is not written.
  std::string body =
      "  v_mov_b32 v1, 3\n  v_mov_b32 v10, 0\n  v_mov_b32 v5, 0x77\n  v_lshlrev_b32 v20, 2, v0\n"
      "  global_atomic_add_u32 v10, v1, s[4:5]\n  s_wait_storecnt 0\n  global_store_b32 v20, v5, s[6:7]\n";
  auto r = run_mem("noret", body, {bytes_of(std::vector<uint32_t>{10})}, 1);
  NEED(r);
  ASSERT_TRUE(r.r.ok()) << r.r.diagnostic;
  EXPECT_EQ(as_vec<uint32_t>(r.bufs[0])[0], 13u);
  EXPECT_EQ(as_vec<uint32_t>(r.bufs[1])[0], 0x77u);
}

TEST(MemSmem, ScalarLoadKinds) {
  // s_load_{u8,i8,u16,i16} of kSrc byte 0 and s_load_b64 of bytes 4..11.
  std::string body =
      "  s_load_u8 s12, s[4:5], 0x0\n  s_load_i8 s13, s[4:5], 0x0\n  s_load_u16 s14, s[4:5], 0x0\n"
      "  s_load_i16 s15, s[4:5], 0x0\n  s_load_b64 s[16:17], s[4:5], 0x4\n  s_wait_kmcnt 0\n"
      "  v_mov_b32 v1, s12\n  v_mov_b32 v2, s13\n  v_mov_b32 v3, s14\n  v_mov_b32 v4, s15\n  v_mov_b32 v5, s16\n"
      "  v_mov_b32 v6, s17\n  v_mov_b32 v0, 0\n  global_store_b128 v0, v[1:4], s[6:7]\n"
      "  global_store_b64 v0, v[5:6], s[6:7] offset:16\n";
  auto r = run_mem("smem_kinds", body, {kSrc}, 1);
  NEED(r);
  ASSERT_TRUE(r.r.ok()) << r.r.diagnostic;
  auto got = as_vec<uint32_t>(r.bufs[1]);
  EXPECT_EQ(got[0], 0x81u);
  EXPECT_EQ(got[1], 0xffffff81u);
  EXPECT_EQ(got[2], 0xf281u);
  EXPECT_EQ(got[3], 0xfffff281u);
  EXPECT_EQ(got[4], 0x08070605u);
  EXPECT_EQ(got[5], 0x0c0b0a09u);
}

}  // namespace
