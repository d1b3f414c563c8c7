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
  k.vgprs = 56;
  k.body = "  s_load_b256 s[4:11], s[0:1], 0x0\n  s_wait_kmcnt 0\n" + body + "\n  s_endpgm\n";
  Device d;
  init.resize(4);
  Args a;
  std::vector<uint64_t> addr;
  for (auto& b : init) {
    b.resize(std::max<size_t>(b.size(), 512), 0);
    addr.push_back(upload(d, b));
    a.add(addr.back());
  }
  const AsmLaunch L = launch_asm(d, k, lanes, a);
  if (!L.ok) return out;
  out.r = L.r;
  for (size_t i = 0; i < init.size(); ++i) out.bufs.push_back(read_back<uint8_t>(d, addr[i], init[i].size()));
  out.ran = true;
  return out;
}

#define NEED(x) \
  if (!(x).ran) GTEST_SKIP() << "llvm 22 tools not installed"
// NEED, then the launch must have succeeded.
#define NEED_OK(x) \
  NEED(x);         \
  ASSERT_TRUE((x).r.ok()) << (x).r.diagnostic

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
  NEED_OK(r);
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
  NEED_OK(r);
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
  NEED_OK(r);
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
  NEED_OK(r);
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
  NEED_OK(r);
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
  NEED_OK(r);
  auto got = as_vec<uint32_t>(r.bufs[1]);
  EXPECT_EQ(got[0], 0x81u);
  EXPECT_EQ(got[1], 0xffffff81u);
  EXPECT_EQ(got[2], 0xf281u);
  EXPECT_EQ(got[3], 0xfffff281u);
  EXPECT_EQ(got[4], 0x08070605u);
  EXPECT_EQ(got[5], 0x0c0b0a09u);
}

}  // namespace

namespace {

// ---- buffers -------------------------------------------------------------------
// The V# in s[12:15]: base = buf0 (s[4:5]), stride, num_records, word 3 (oob_select,
// format); built with s_mov so each test states its descriptor.
std::string vsharp(uint32_t stride, uint32_t num_records, uint32_t word3) {
  char b[256];
  std::snprintf(b, sizeof b,
                "  s_mov_b32 s12, s4\n  s_and_b32 s13, s5, 0xffff\n  s_or_b32 s13, s13, 0x%x\n"
                "  s_mov_b32 s14, 0x%x\n  s_mov_b32 s15, 0x%x\n",
                stride << 16, num_records, word3);
  return b;
}
constexpr uint32_t kRaw = 3u << 28, kStructured = 1u << 28;

TEST(MemBuffer, RawRangeCheckAtNumRecords) {
  // num_records = 10 bytes. Lane l: offen offset 4 * l.
  //  b32: lanes 0, 1 in range (4 + 4 <= 10... 8 <= 10), lane 2 (12 > 10) and 3 read 0.
  //  b64 at 4 + 4l: lane 0 dword 0 (bytes 4..7) in, dword 1 (8..11) out -> {mem, 0}.
  //  u16 at offset 8 (10 <= 10: in) and 9 (11 > 10: out) via instruction offsets.
  //  soffset 4 counts: b32 at 4 + soffset 4 -> 12 > 10 -> 0 (UNVERIFIED model, see memory_buffer.cc).
  std::vector<uint32_t> mem = {0x11111111, 0x22222222, 0x33333333, 0x44444444};
  std::string body = vsharp(0, 10, kRaw) +
                     "  v_lshlrev_b32 v1, 2, v0\n  v_mov_b32 v2, -1\n  v_mov_b32 v3, -1\n  v_mov_b32 v4, -1\n"
                     "  buffer_load_b32 v2, v1, s[12:15], null offen\n"
                     "  buffer_load_b64 v[3:4], v1, s[12:15], null offen offset:4\n"
                     "  buffer_load_u16 v5, off, s[12:15], null offset:8\n"
                     "  buffer_load_u16 v6, off, s[12:15], null offset:9\n"
                     "  s_mov_b32 s16, 4\n  buffer_load_b32 v7, off, s[12:15], s16 offset:4\n"
                     "  buffer_load_b32 v8, off, s[12:15], s16\n  s_wait_loadcnt 0\n"
                     "  v_lshlrev_b32 v20, 5, v0\n  global_store_b128 v20, v[2:5], s[6:7]\n"
                     "  global_store_b96 v20, v[6:8], s[6:7] offset:16\n";
  auto r = run_mem("buf_raw", body, {bytes_of(mem)}, 4);
  NEED_OK(r);
  auto g = as_vec<uint32_t>(r.bufs[1]);
  const uint32_t want_b32[4] = {0x11111111, 0x22222222, 0, 0};
  // Per lane 8 dwords: v2 (b32), v3:v4 (b64), v5 (u16 at 8), v6 (u16 at 9), v7 (soffset 4 +
  // offset 4), v8 (soffset 4 + offset 0).
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(g[8 * l + 0], want_b32[l]) << "b32 lane " << l;
    EXPECT_EQ(g[8 * l + 3], 0x3333u) << "u16 at 8 (ends at num_records)";
    EXPECT_EQ(g[8 * l + 4], 0u) << "u16 at 9 (one byte past)";
    EXPECT_EQ(g[8 * l + 5], 0u) << "soffset counts in the range check";
    EXPECT_EQ(g[8 * l + 6], 0x22222222u) << "soffset 4 + offset 0: address base + 4";
  }
  EXPECT_EQ(g[1], 0x22222222u);  // lane 0 b64 at 4: dword 0 (bytes 4..7) in range
  EXPECT_EQ(g[2], 0u);           // dword 1 (bytes 8..11) out of range
  EXPECT_EQ(g[8 + 1], 0u);       // lane 1 b64 at 8: both dwords out
  EXPECT_EQ(g[8 + 2], 0u);
}

TEST(MemBuffer, StructuredIndexCheckAndDroppedStores) {
  // stride 8, num_records 3 (records), oob_select 1: index 3 is out of range.
  // Lane l: idxen index l, offset 4: loads dword 2l+1; lane 3 reads 0. Stores of 0xa0+l
  // to index l offset 0: records 0..2 written, index 3 dropped (memory word 6 keeps 0x77).
  std::vector<uint32_t> mem = {0, 1, 2, 3, 4, 5, 0x77, 7};
  std::string body = vsharp(8, 3, kStructured) +
                     "  buffer_load_b32 v2, v0, s[12:15], null idxen offset:4\n  s_wait_loadcnt 0\n"
                     "  v_add_nc_u32 v3, 0xa0, v0\n  buffer_store_b32 v3, v0, s[12:15], null idxen\n"
                     "  s_wait_storecnt 0\n  v_lshlrev_b32 v20, 2, v0\n  global_store_b32 v20, v2, s[6:7]\n";
  auto r = run_mem("buf_struct", body, {bytes_of(mem)}, 4);
  NEED_OK(r);
  auto g = as_vec<uint32_t>(r.bufs[1]);
  EXPECT_EQ(g[0], 1u);
  EXPECT_EQ(g[1], 3u);
  EXPECT_EQ(g[2], 5u);
  EXPECT_EQ(g[3], 0u);
  auto m = as_vec<uint32_t>(r.bufs[0]);
  EXPECT_EQ(m[0], 0xa0u);
  EXPECT_EQ(m[2], 0xa1u);
  EXPECT_EQ(m[4], 0xa2u);
  EXPECT_EQ(m[6], 0x77u);
}

TEST(MemBuffer, AtomicsInAndOutOfRange) {
  // Raw, num_records 8: lane 0 adds 5 at offset 0 (returns 10), lane 1 at offset 4
  // (returns 20), lane 2 at offset 8 is out of range: memory unchanged, returns 0.
  std::vector<uint32_t> mem = {10, 20, 30};
  std::string body = vsharp(0, 8, kRaw) +
                     "  v_lshlrev_b32 v1, 2, v0\n  v_mov_b32 v2, 5\n"
                     "  buffer_atomic_add_u32 v2, v1, s[12:15], null offen th:TH_ATOMIC_RETURN\n  s_wait_loadcnt 0\n"
                     "  global_store_b32 v1, v2, s[6:7]\n";
  auto r = run_mem("buf_atomic", body, {bytes_of(mem)}, 3);
  NEED_OK(r);
  auto g = as_vec<uint32_t>(r.bufs[1]);
  auto m = as_vec<uint32_t>(r.bufs[0]);
  EXPECT_EQ(g[0], 10u);
  EXPECT_EQ(g[1], 20u);
  EXPECT_EQ(g[2], 0u);
  EXPECT_EQ(m[0], 15u);
  EXPECT_EQ(m[1], 25u);
  EXPECT_EQ(m[2], 30u);
}

TEST(MemBuffer, FormatLoadsAndStores) {
  // Bytes 00 ff 81 7f: 8_8_8_8_UNORM -> 0.0, 1.0, ...; 8_8_8_8_SNORM: 0x81 = -127 -> -1.0,
  // 0x7f -> 1.0; 8_8_8_8_SINT: 0xff -> -1; 16_16_UINT (xyzw): x = 0xff00, y = 0x7f81, z = 0, w = 1;
  // 16_FLOAT from bytes 8..9 = 0x3c00 -> 1.0f. Store 16_16_UNORM of {1.0, 0.5}: 0xffff,
  // 0.5 * 65535 = 32767.5 -> 32768 (nearest even) = 0x8000.
  std::vector<uint8_t> mem = {0x00, 0xff, 0x81, 0x7f, 0, 0, 0, 0, 0x00, 0x3c};
  std::string body = vsharp(0, 64, kRaw) +
                     "  v_mov_b32 v1, 0\n"
                     "  tbuffer_load_format_xyzw v[2:5], off, s[12:15], null format:[BUF_FMT_8_8_8_8_UNORM]\n"
                     "  tbuffer_load_format_xyzw v[6:9], off, s[12:15], null format:[BUF_FMT_8_8_8_8_SNORM]\n"
                     "  tbuffer_load_format_xy v[10:11], off, s[12:15], null format:[BUF_FMT_8_8_8_8_SINT]\n"
                     "  tbuffer_load_format_xyzw v[12:15], off, s[12:15], null format:[BUF_FMT_16_16_UINT]\n"
                     "  tbuffer_load_format_x v16, off, s[12:15], null format:[BUF_FMT_16_FLOAT] offset:8\n"
                     "  v_mov_b32 v17, 1.0\n  v_mov_b32 v18, 0.5\n"
                     "  tbuffer_store_format_xy v[17:18], off, s[12:15], null format:[BUF_FMT_16_16_UNORM] offset:16\n"
                     "  s_wait_loadcnt 0\n  s_wait_storecnt 0\n"
                     "  global_store_b128 v1, v[2:5], s[6:7]\n  global_store_b128 v1, v[6:9], s[6:7] offset:16\n"
                     "  global_store_b64 v1, v[10:11], s[6:7] offset:32\n  global_store_b128 v1, v[12:15], s[6:7] offset:48\n"
                     "  global_store_b32 v1, v16, s[6:7] offset:64\n";
  auto r = run_mem("buf_format", body, {mem}, 1);
  NEED_OK(r);
  auto g = as_vec<uint32_t>(r.bufs[1]);
  EXPECT_EQ(g[0], 0x00000000u);
  EXPECT_EQ(g[1], 0x3f800000u);
  EXPECT_EQ(g[4], 0x00000000u);  // SNORM x; y (0xff = -1 -> -1/127) is not exact: x, z, w only
  EXPECT_EQ(g[6], 0xbf800000u);
  EXPECT_EQ(g[7], 0x3f800000u);
  EXPECT_EQ(g[8], 0u);
  EXPECT_EQ(g[9], 0xffffffffu);
  EXPECT_EQ(g[12], 0xff00u);
  EXPECT_EQ(g[13], 0x7f81u);
  EXPECT_EQ(g[14], 0u);
  EXPECT_EQ(g[15], 1u);
  EXPECT_EQ(g[16], 0x3f800000u);
  auto m = as_vec<uint32_t>(r.bufs[0]);
  EXPECT_EQ(m[4], 0x8000ffffu);
}

TEST(MemBuffer, ScalarBufferLoad) {
  // s_buffer_load_b64 at offset 4 of a 10-byte raw buffer: dword 1 in range, dword 2 (8..11) reads 0.
  std::vector<uint32_t> mem = {0x11111111, 0x22222222, 0x33333333};
  std::string body = vsharp(0, 10, kRaw) +
                     "  s_buffer_load_b64 s[16:17], s[12:15], 0x4\n  s_wait_kmcnt 0\n"
                     "  v_mov_b32 v1, s16\n  v_mov_b32 v2, s17\n  v_mov_b32 v0, 0\n  global_store_b64 v0, v[1:2], s[6:7]\n";
  auto r = run_mem("sbuf", body, {bytes_of(mem)}, 1);
  NEED_OK(r);
  auto g = as_vec<uint32_t>(r.bufs[1]);
  EXPECT_EQ(g[0], 0x22222222u);
  EXPECT_EQ(g[1], 0u);
}

TEST(MemBuffer, UnsupportedDescriptorIsAClearError) {
  // V# data format 0 (BUF_FMT_INVALID) under a format load: a clear error naming it.
  std::string body = vsharp(0, 64, kRaw) +
                     "  v_mov_b32 v1, 0\n  buffer_load_format_x v2, off, s[12:15], null\n  s_wait_loadcnt 0\n";
  auto r = run_mem("buf_fmt0", body, {}, 1);
  NEED(r);
  EXPECT_FALSE(r.r.ok());
  EXPECT_NE(r.r.diagnostic.find("BUF_FMT_INVALID"), std::string::npos) << r.r.diagnostic;
}

TEST(MemBuffer, SwizzledDescriptorInterleavesRecords) {
  // swizzle_enable 1 (4-byte elements), stride 8, index_stride 0 (8 records): lane l
  // loads record l, offset 4: (0 + 4 / 4 * 4) * 8 + l * 4 = 32 + 4 l; memory dword k = k.
  std::vector<uint32_t> mem(16);
  for (uint32_t k = 0; k < 16; ++k) mem[k] = k;
  std::string body = vsharp(8, 64, kStructured) + "  s_or_b32 s13, s13, 0x40000000\n"
                     "  v_mov_b32 v1, v0\n  buffer_load_b32 v2, v1, s[12:15], null idxen offset:4\n  s_wait_loadcnt 0\n"
                     "  v_lshlrev_b32 v3, 2, v0\n  global_store_b32 v3, v2, s[6:7]\n";
  auto r = run_mem("buf_swz", body, {bytes_of(mem)}, 4);
  NEED_OK(r);
  auto g = as_vec<uint32_t>(r.bufs[1]);
  for (uint32_t l = 0; l < 4; ++l) EXPECT_EQ(g[l], 8 + l) << l;
}

// ---- DS cross-lane forms -------------------------------------------------------------
// Runs `op` with v1 = lane id * 4 (address), v2 = 100 + lane (data), v3 = -1 (dst preset);
// returns v3 per lane (32 lanes launched, `exec` applied before the op).
std::vector<uint32_t> run_lanes(const std::string& name, const std::string& op, uint32_t exec = 0xffffffff) {
  char b[64];
  std::snprintf(b, sizeof b, "  s_mov_b32 exec_lo, 0x%x\n", exec);
  std::string body = "  v_lshlrev_b32 v1, 2, v0\n  v_add_nc_u32 v2, 100, v0\n  v_mov_b32 v3, -1\n" + std::string(b) + op +
                     "\n  s_wait_dscnt 0\n  s_mov_b32 exec_lo, -1\n  global_store_b32 v1, v3, s[6:7]\n";
  auto r = run_mem(name, body, {}, 32);
  if (!r.ran) return {};
  EXPECT_TRUE(r.r.ok()) << r.r.diagnostic;
  auto g = as_vec<uint32_t>(r.bufs[1]);
  g.resize(32);
  return g;
}

TEST(MemDs, SwizzleModes) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  // v2 = 100 + lane is the swizzled data (the vaddr operand).
  auto q = run_lanes("swz_quad", "  ds_swizzle_b32 v3, v2 offset:swizzle(QUAD_PERM,1,2,3,0)");
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(q[l], 100 + ((l & ~3u) | ((l + 1) & 3))) << l;
  auto s = run_lanes("swz_swap", "  ds_swizzle_b32 v3, v2 offset:swizzle(SWAP,16)");
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(s[l], 100 + (l ^ 16)) << l;
  auto bc = run_lanes("swz_bcast", "  ds_swizzle_b32 v3, v2 offset:swizzle(BROADCAST,8,3)");
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(bc[l], 100 + ((l & ~7u) | 3)) << l;
  // FFT with mask 0: j = reverse of the 5-bit lane id.
  auto f = run_lanes("swz_fft", "  ds_swizzle_b32 v3, v2 offset:swizzle(FFT,0)");
  EXPECT_EQ(f[1], 100u + 16);
  EXPECT_EQ(f[6], 100u + 12);
  // Reading an inactive lane gives 0; inactive lanes keep v3.
  auto i = run_lanes("swz_inact", "  ds_swizzle_b32 v3, v2 offset:swizzle(SWAP,1)", 0x0000000f);
  EXPECT_EQ(i[0], 101u);
  EXPECT_EQ(i[3], 102u);
  EXPECT_EQ(i[4], 0xffffffffu);
}

TEST(MemDs, PermuteForwardAndBackward) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  // Forward: lane i sends to lane (4 * i + 4) / 4 = i + 1 (mod 32).
  auto p = run_lanes("perm", "  ds_permute_b32 v3, v1, v2 offset:4");
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(p[l], 100 + ((l + 31) & 31)) << l;
  // Forward conflict: every lane sends to lane 0 (address 0): the highest lane (31) wins;
  // lanes nobody sends to get 0.
  auto c = run_lanes("perm_conflict", "  v_mov_b32 v4, 0\n  ds_permute_b32 v3, v4, v2");
  EXPECT_EQ(c[0], 131u);
  EXPECT_EQ(c[5], 0u);
  // Backward with lanes 0-3 active, reading lane i + 4: bpermute reads 0 from inactive
  // lanes, bpermute_fi reads them anyway.
  auto b = run_lanes("bperm", "  ds_bpermute_b32 v3, v1, v2 offset:16", 0xf);
  auto bf = run_lanes("bperm_fi", "  ds_bpermute_fi_b32 v3, v1, v2 offset:16", 0xf);
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(b[l], 0u);
    EXPECT_EQ(bf[l], 104 + l);
  }
  EXPECT_EQ(b[4], 0xffffffffu);
}

TEST(MemDs, AppendConsumeAddtidExchange) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  // LDS dword 64 = 10; ds_append with 5 active lanes: each gets 10, LDS becomes 15;
  // ds_consume with 5 lanes: each gets 15, LDS back to 10.
  auto a = run_lanes("append",
                     "  v_mov_b32 v5, 10\n  v_mov_b32 v6, 64\n  ds_store_b32 v6, v5\n  s_wait_dscnt 0\n"
                     "  ds_append v3 offset:64\n  s_wait_dscnt 0\n  ds_consume v7 offset:64\n  s_wait_dscnt 0\n"
                     "  ds_load_b32 v8, v6\n  s_wait_dscnt 0\n  v_lshl_add_u32 v3, v7, 8, v3\n  v_lshl_add_u32 v3, v8, 16, v3",
                     0x1f);
  for (unsigned l = 0; l < 5; ++l) EXPECT_EQ(a[l], 10u | (15u << 8) | (10u << 16)) << l;
  // addtid: M0 = 8, offset 4: lane l stores at 12 + 4l; reading back at 4l + 12 gives lane l's data.
  auto t = run_lanes("addtid", "  s_mov_b32 m0, 8\n  ds_store_addtid_b32 v2 offset:4\n  s_wait_dscnt 0\n"
                               "  ds_load_b32 v3, v1 offset:12");
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(t[l], 100 + l) << l;
  // storexchg_2addr: LDS dwords at 4l (offset0 0) and 4l + 256 (offset1 64 * 4): old values returned.
  auto x = run_lanes("xchg2",
                     "  v_mov_b32 v5, 7\n  ds_store_b32 v1, v5\n  v_mov_b32 v5, 9\n  ds_store_b32 v1, v5 offset:256\n"
                     "  s_wait_dscnt 0\n  v_mov_b32 v6, 1\n  ds_storexchg_2addr_rtn_b32 v[10:11], v1, v2, v6 offset1:64\n"
                     "  s_wait_dscnt 0\n  ds_load_2addr_b32 v[12:13], v1 offset1:64\n  s_wait_dscnt 0\n"
                     "  v_lshl_add_u32 v3, v11, 8, v10\n  v_lshl_add_u32 v3, v13, 16, v3\n  v_sub_nc_u32 v3, v3, v12");
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(x[l], (7u | (9u << 8) | (1u << 16)) - (100 + l)) << l;
}

TEST(MemDs, CondXchg32) {
  if (!have_clang(22)) GTEST_SKIP() << "clang 22 not installed";
  // Pair at 8l: {5, 6}; data {0x80000009 (bit 31: replace with 9), 0x0000000a (keep)}.
  auto c = run_lanes("condxchg",
                     "  v_lshlrev_b32 v9, 3, v0\n  v_mov_b32 v4, 5\n  v_mov_b32 v5, 6\n  ds_store_b64 v9, v[4:5]\n"
                     "  s_wait_dscnt 0\n  v_mov_b32 v4, 0x80000009\n  v_mov_b32 v5, 10\n"
                     "  ds_condxchg32_rtn_b64 v[10:11], v9, v[4:5]\n  s_wait_dscnt 0\n  ds_load_b64 v[12:13], v9\n"
                     "  s_wait_dscnt 0\n  v_lshl_add_u32 v3, v11, 8, v10\n  v_lshl_add_u32 v3, v12, 16, v3\n"
                     "  v_lshl_add_u32 v3, v13, 24, v3");
  for (unsigned l = 0; l < 32; ++l) EXPECT_EQ(c[l], 5u | (6u << 8) | (9u << 16) | (6u << 24)) << l;
}

}  // namespace

namespace {

// Faults: a buffer access inside the V# range but outside every allocation is a
// global-memory fault (the range check is not a substitute for the allocation
// check); LDS and flat accesses past their segment fault with lane and address.
TEST(MemFaults, BufferInRangeOutsideAllocation) {
  std::string body = vsharp(0, 0x10000, kRaw) +
                     "  v_mov_b32 v1, 0x1000\n  buffer_load_b32 v2, v1, s[12:15], null offen\n  s_wait_loadcnt 0\n";
  auto r = run_mem("buf_fault", body, {}, 1);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::MemoryViolation);
  EXPECT_NE(r.r.diagnostic.find("out-of-bounds global load of 4 bytes"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("(lane 0)"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("nearest allocation"), std::string::npos) << r.r.diagnostic;
  EXPECT_NE(r.r.diagnostic.find("buffer_load_b32"), std::string::npos) << r.r.diagnostic;
}

TEST(MemFaults, AtomicsAndAppendPastTheirMemory) {
  // global atomic: lane 3's word (offset 512 + 12) is past the 512-byte buffer.
  std::string g = "  v_lshlrev_b32 v1, 2, v0\n  v_add_nc_u32 v1, 0x1f4, v1\n  v_mov_b32 v2, 1\n"
                  "  global_atomic_add_u32 v1, v2, s[4:5]\n  s_wait_storecnt 0\n";
  auto r = run_mem("atomic_fault", g, {}, 8);
  NEED(r);
  EXPECT_EQ(r.r.fault, Fault::MemoryViolation);
  EXPECT_NE(r.r.diagnostic.find("(lane 3)"), std::string::npos) << r.r.diagnostic;
  // ds_append at an offset past the 512-byte LDS.
  auto a = run_mem("append_fault", "  ds_append v1 offset:1024\n  s_wait_dscnt 0\n", {}, 4);
  NEED(a);
  EXPECT_EQ(a.r.fault, Fault::MemoryViolation);
  EXPECT_NE(a.r.diagnostic.find("out-of-bounds LDS"), std::string::npos) << a.r.diagnostic;
  EXPECT_NE(a.r.diagnostic.find("address 0x400"), std::string::npos) << a.r.diagnostic;
  // A 64-bit DS atomic straddling the end of LDS (508..515).
  auto d = run_mem("ds64_fault", "  v_mov_b32 v1, 508\n  v_mov_b32 v2, 1\n  v_mov_b32 v3, 0\n"
                                  "  ds_add_u64 v1, v[2:3]\n  s_wait_dscnt 0\n", {}, 1);
  NEED(d);
  EXPECT_EQ(d.r.fault, Fault::MemoryViolation);
  EXPECT_NE(d.r.diagnostic.find("of 8 bytes at address 0x1fc"), std::string::npos) << d.r.diagnostic;
}

}  // namespace

namespace {

TEST(MemBlock, ScratchBlockRoundTripUnderM0) {
  // M0 = 0b1001: registers v8 and v11 go to scratch dwords 0 and 3 and come back into
  // v20 and v23; v21/v22 keep their values (-1), the other selected dwords are untouched.
  std::string body =
      "  v_mov_b32 v8, 0x11\n  v_mov_b32 v9, 0x22\n  v_mov_b32 v10, 0x33\n  v_mov_b32 v11, 0x44\n"
      "  s_mov_b32 m0, 9\n  scratch_store_block off, v[8:39], off\n  s_wait_storecnt 0\n"
      "  v_mov_b32 v20, -1\n  v_mov_b32 v21, -1\n  v_mov_b32 v22, -1\n  v_mov_b32 v23, -1\n"
      "  scratch_load_block v[20:51], off, off\n  s_wait_loadcnt 0\n"
      "  v_lshlrev_b32 v1, 4, v0\n  global_store_b128 v1, v[20:23], s[6:7]\n";
  auto r = run_mem("block", body, {Bytes(16), Bytes(1024)}, 4, 512, 256);
  NEED_OK(r);
  auto g = as_vec<uint32_t>(r.bufs[1]);
  for (unsigned l = 0; l < 4; ++l) {
    EXPECT_EQ(g[4 * l + 0], 0x11u);
    EXPECT_EQ(g[4 * l + 1], 0xffffffffu);
    EXPECT_EQ(g[4 * l + 2], 0xffffffffu);
    EXPECT_EQ(g[4 * l + 3], 0x44u);
  }
}

}  // namespace

// Host memory mapped at its own address (Device::map_host, HIP's pinned/mapped memory):
// a kernel loads from and stores to the host bytes through the host pointer, with global
// and flat instructions; after unmap_host the same address faults; mappings that overlap
// device memory, the LDS/scratch apertures or another mapping are refused.
TEST(HostMapping, KernelReadsAndWritesHostMemory) {
  if (!have_clang(22)) GTEST_SKIP() << "llvm 22 tools not installed";
  std::vector<uint32_t> in(64), out(64, 0), out_flat(64, 0);
  for (int i = 0; i < 64; ++i) in[i] = 1000u + 7u * i;
  AsmKernel k;
  k.name = "host_mapping";
  k.nptr = 3;
  k.vgprs = 16;
  k.body =
      "  s_load_b128 s[4:7], s[0:1], 0x0\n  s_load_b64 s[8:9], s[0:1], 0x10\n  s_wait_kmcnt 0\n"
      "  v_lshlrev_b32 v1, 2, v0\n  global_load_b32 v2, v1, s[4:5]\n  s_wait_loadcnt 0\n"
      "  v_add_nc_u32 v2, 5, v2\n  global_store_b32 v1, v2, s[6:7]\n"
      "  v_add_co_u32 v4, vcc_lo, s8, v1\n  v_add_co_ci_u32 v5, null, s9, 0, vcc_lo\n"
      "  flat_store_b32 v[4:5], v2\n  s_wait_storecnt_dscnt 0\n  s_endpgm\n";
  Device d;
  ASSERT_TRUE(d.map_host(in.data(), in.size() * 4));
  ASSERT_TRUE(d.map_host(out.data(), out.size() * 4));
  ASSERT_TRUE(d.map_host(out_flat.data(), out_flat.size() * 4));
  EXPECT_FALSE(d.map_host(in.data() + 8, 16)) << "overlapping mapping accepted";
  EXPECT_FALSE(d.map_host(reinterpret_cast<void*>(0x100000000000ull), 4096)) << "device range";
  EXPECT_FALSE(d.map_host(reinterpret_cast<void*>(0x200000000000ull), 4096)) << "LDS aperture";
  EXPECT_FALSE(d.map_host(in.data(), 0)) << "empty mapping";
  Args a;
  a.add(reinterpret_cast<uint64_t>(in.data()));
  a.add(reinterpret_cast<uint64_t>(out.data()));
  a.add(reinterpret_cast<uint64_t>(out_flat.data()));
  AsmLaunch L = launch_asm(d, k, 32, a);
  ASSERT_TRUE(L.ok);
  ASSERT_TRUE(L.r.ok()) << L.r.diagnostic;
  for (int i = 0; i < 32; ++i) {
    EXPECT_EQ(out[i], in[i] + 5) << "lane " << i;
    EXPECT_EQ(out_flat[i], in[i] + 5) << "lane " << i;
  }
  EXPECT_EQ(out[32], 0u);  // lanes 32.. do not exist
  ASSERT_TRUE(d.unmap_host(out.data()));
  EXPECT_FALSE(d.unmap_host(out.data()));
  AsmLaunch L2 = launch_asm(d, k, 32, a);
  ASSERT_TRUE(L2.ok);
  EXPECT_EQ(L2.r.fault, Fault::MemoryViolation) << "store to an unmapped host address ran";
}
