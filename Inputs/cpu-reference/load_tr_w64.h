// Driver for the wave64 transpose-load runtime tests in runtime/load-tr-w64/
// (global_load_tr_b128 with 16-bit elements, global_load_tr_b64 with 8-bit
// elements, compiled with -mwavefrontsize64).
//
// What is known: in wave64 each lane receives half the wave32 result (B128:
// 4 halves in 2 VGPRs; B64: 4 bytes in 1 VGPR) and, by LLVM's memory operands
// (`llc -mattr=+wavefrontsize64 -stop-after=finalize-isel`: GLOBAL_LOAD_TR_B128_w64
// loads s64, GLOBAL_LOAD_TR_B64_w64 loads s32), fetches that many bytes from
// its own address. The lane permutation has NO source (docs/facts/transpose.md#transpose-wave64:
// the documented rules cover wave32 only). So this test is a measurement:
//
//  1. an index-coded case (lane s fetches 4 elements whose values name s and
//     the element) gives the measured map  dst[L].e[j] <- R(s)[e];
//  2. hard checks that hold for any transpose load, whatever its block shape:
//     every result element is an element some lane fetched, the map is a
//     bijection of the wave's 64 x 4 elements, each destination lane takes
//     its 4 elements from 4 distinct source lanes at one element position (a
//     "column"), and the same map explains every other case bit-exactly
//     (reversed lanes, gaps between lanes, random addresses, random data with
//     NaN encodings): the map depends on lane numbers only, not on addresses
//     or data. A plain global_load_b64/b32 (no transpose) fails check 2;
//  3. the measured map is compared with three candidate block transposes,
//     each a generalisation of the wave32 rule to half-width lanes (written
//     here from that rule, not from any emulator):
//       tr4x4   : 4 lanes fetch a 4x4 block, lane c gets column c:
//                 dst[4m+c].e[j] = R(4m+j)[c]
//       tr8x4x8 : 8 lanes fetch 4 rows of 8 (a row = 2 lanes), lane c gets
//                 column c:  dst[8g+c].e[j] = R(8g+2j+c/4)[c%4]
//       tr16i   : 16 lanes fetch 8 rows of 8 (a row = 2 lanes), lane 8h+c gets
//                 the interleaved rows h, h+2, h+4, h+6 of column c:
//                 dst[16g+8h+c].e[j] = R(16g+2(2j+h)+c/4)[c%4]
//     (rows 4h..4h+3 instead of interleaved rows would equal tr8x4x8.)
//     The test prints which candidates the device matches and fails if it
//     matches none (then the printed map is the new measurement).
// Every line says "UNVERIFIED model": an emulator pass is not a hardware fact.
//
// Kernel ABI: kern(const uint8_t* base, const uint32_t* offsets, uint32_t* out):
// lane L of case n (blockIdx.x = n, 64 threads) loads from base + offsets[n*64+L]
// and stores its result registers at out[(n*64+L)*R] (R = 2 for B128, 1 for B64).
#pragma once

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "device.h"

namespace tr64 {

// Kind: api.h.

constexpr int kLanes = 64, kElems = 4;
inline int elem_bytes(Kind k) { return k == Kind::B128 ? 2 : 1; }
inline int lane_bytes(Kind k) { return kElems * elem_bytes(k); }  // fetched per lane
inline int regs(Kind k) { return k == Kind::B128 ? 2 : 1; }

struct Src {
  int lane, elem;
  bool operator==(const Src& o) const { return lane == o.lane && elem == o.elem; }
};

struct Candidate {
  const char* name;
  Src (*map)(int L, int j);
};
inline Src tr4x4(int L, int j) { return {4 * (L / 4) + j, L % 4}; }
inline Src tr8x4x8(int L, int j) {
  const int g = L / 8, c = L % 8;
  return {8 * g + 2 * j + c / 4, c % 4};
}
inline Src tr16i(int L, int j) {
  const int g = L / 16, h = (L % 16) / 8, c = L % 8;
  return {16 * g + 2 * (2 * j + h) + c / 4, c % 4};
}
inline const std::vector<Candidate>& candidates() {
  static const std::vector<Candidate> c = {{"tr4x4", tr4x4}, {"tr8x4x8", tr8x4x8}, {"tr16i", tr16i}};
  return c;
}

constexpr const char* kStatus =
    "UNVERIFIED model: wave64 transpose-load permutation has no source (docs/facts/transpose.md#transpose-wave64); "
    "fetch size per lane from LLVM's memory operands; this test measures the permutation";

inline uint32_t result_elem(Kind k, const std::vector<uint32_t>& out, size_t n, int L, int j) {
  const uint32_t r = out[(n * kLanes + L) * regs(k) + (k == Kind::B128 ? j / 2 : 0)];
  return k == Kind::B128 ? (r >> (16 * (j % 2))) & 0xffffu : (r >> (8 * j)) & 0xffu;
}
inline uint32_t fetched_elem(Kind k, const std::vector<uint8_t>& buf, uint32_t off, int e) {
  if (k == Kind::B128) return uint32_t(buf[off + 2 * e]) | uint32_t(buf[off + 2 * e + 1]) << 8;
  return buf[off + e];
}

struct Case {
  std::string name;
  std::vector<uint32_t> offsets;  // 64 byte offsets
};

inline int drive(const char* builtin, Kind kind, const void* kernel) {
  rt::print_device_header(builtin);
  std::printf("builtin=__builtin_amdgcn_%s wave64 model: %s\n", builtin, kStatus);
  const int eb = elem_bytes(kind), lb = lane_bytes(kind);

  // Buffer: [0, 1024) index-coded, [1024, 8192) random bytes.
  const size_t coded = 1024, total = 8192;
  std::vector<uint8_t> buf(total);
  std::mt19937 rng(6464);
  for (auto& x : buf) x = uint8_t(rng());
  // Index code: element e of lane s at byte offset lb*s + eb*e holds
  // B128: 0xA000 | s << 2 | e (16 bits);  B64: 4*s + e (8 bits: all 256 values).
  for (int s = 0; s < kLanes; ++s)
    for (int e = 0; e < kElems; ++e) {
      const uint32_t v = kind == Kind::B128 ? (0xA000u | uint32_t(s) << 2 | uint32_t(e)) : uint32_t(4 * s + e);
      for (int b = 0; b < eb; ++b) buf[size_t(lb * s + eb * e + b)] = uint8_t(v >> (8 * b));
    }
  if (kind == Kind::B128)  // f16/bf16 NaN and inf encodings in the random part
    for (size_t n = coded; n + 1 < total; n += 38) {
      const uint16_t sp[] = {0x7e01, 0xfc00, 0x7fff, 0xffc1, 0x7c00, 0xff81};
      const uint16_t v = sp[(n / 38) % 6];
      buf[n] = uint8_t(v);
      buf[n + 1] = uint8_t(v >> 8);
    }

  std::vector<Case> cases;
  {
    Case c{"index-coded (lane s at lb*s)", {}};
    for (int s = 0; s < kLanes; ++s) c.offsets.push_back(uint32_t(lb * s));
    cases.push_back(c);
    Case r{"index-coded, reversed lanes", {}};
    for (int s = 0; s < kLanes; ++s) r.offsets.push_back(uint32_t(lb * (kLanes - 1 - s)));
    cases.push_back(r);
    Case g{"random data, 3x lane stride (gaps)", {}};
    for (int s = 0; s < kLanes; ++s) g.offsets.push_back(uint32_t(coded + 3 * lb * s));
    cases.push_back(g);
    for (int k = 0; k < 3; ++k) {
      Case d{"random data, random addresses #" + std::to_string(k), {}};
      for (int s = 0; s < kLanes; ++s)
        d.offsets.push_back(uint32_t(coded + lb * (rng() % ((total - coded) / lb))));
      cases.push_back(d);
    }
  }
  const size_t nc = cases.size();
  std::vector<uint32_t> offs;
  for (auto& c : cases) offs.insert(offs.end(), c.offsets.begin(), c.offsets.end());
  rt::DevBuf<uint8_t> dbuf(buf);
  rt::DevBuf<uint32_t> doffs(offs), dout(nc * kLanes * regs(kind));
  dout.zero();
  const uint8_t* pb = dbuf.p;
  const uint32_t* po = doffs.p;
  uint32_t* pout = dout.p;
  rt::launch(kernel, rt::Dim(unsigned(nc)), rt::Dim(kLanes), {&pb, &po, &pout});
  const std::vector<uint32_t> out = dout.download();

  long fail = 0, printed = 0;
  auto complain = [&](const std::string& m) {
    ++fail;
    if (printed++ < 20) std::printf("MISMATCH %s\n", m.c_str());
  };
  // 1. The measured map from case 0.
  std::vector<Src> map(kLanes * kElems, Src{-1, -1});
  std::vector<int> seen(kLanes * kElems, 0);
  for (int L = 0; L < kLanes; ++L)
    for (int j = 0; j < kElems; ++j) {
      const uint32_t v = result_elem(kind, out, 0, L, j);
      Src s{-1, -1};
      if (kind == Kind::B128 && (v & 0xff00u) == 0xA000u) s = {int((v >> 2) & 63), int(v & 3)};
      if (kind == Kind::B64) s = {int(v / 4), int(v % 4)};
      if (s.lane < 0) {
        char b[160];
        std::snprintf(b, sizeof b, "index-coded: lane %d element %d = 0x%x is no element any lane fetched", L, j, v);
        complain(b);
        continue;
      }
      map[L * kElems + j] = s;
      ++seen[s.lane * kElems + s.elem];
    }
  // 2. Structural checks.
  for (int n = 0; n < kLanes * kElems; ++n)
    if (seen[n] != 1) {
      char b[160];
      std::snprintf(b, sizeof b, "index-coded: lane %d's element %d appears %d times in the result (not a permutation)",
                    n / kElems, n % kElems, seen[n]);
      complain(b);
    }
  const bool permutation = fail == 0;
  long columns = 0;
  for (int L = 0; L < kLanes; ++L) {
    bool col = true;
    for (int j = 0; j < kElems; ++j) {
      const Src a = map[L * kElems + j];
      if (a.lane < 0 || a.elem != map[L * kElems].elem) col = false;
      for (int q = 0; q < j; ++q)
        if (a.lane == map[L * kElems + q].lane) col = false;
    }
    if (col) ++columns;
    else {
      char b[200];
      std::snprintf(b, sizeof b, "lane %d does not receive a column (4 distinct source lanes, one element position): "
                    "%d.%d %d.%d %d.%d %d.%d (lane.element)", L, map[L * 4].lane, map[L * 4].elem, map[L * 4 + 1].lane,
                    map[L * 4 + 1].elem, map[L * 4 + 2].lane, map[L * 4 + 2].elem, map[L * 4 + 3].lane, map[L * 4 + 3].elem);
      complain(b);
    }
  }
  std::printf("structure: %ld/64 lanes receive a column of 4 distinct source lanes; map is %sa permutation\n", columns,
              permutation ? "" : "NOT ");
  // The same map explains every case (address and data independence, bit-exact).
  for (size_t n = 0; n < nc; ++n) {
    long cf = 0;
    for (int L = 0; L < kLanes; ++L)
      for (int j = 0; j < kElems; ++j) {
        const Src s = map[L * kElems + j];
        if (s.lane < 0) continue;
        const uint32_t got = result_elem(kind, out, n, L, j);
        const uint32_t want = fetched_elem(kind, buf, cases[n].offsets[s.lane], s.elem);
        if (got != want) {
          ++cf;
          char b[200];
          std::snprintf(b, sizeof b, "case '%s' lane %d element %d: measured map says lane %d element %d = 0x%0*x, actual 0x%0*x",
                        cases[n].name.c_str(), L, j, s.lane, s.elem, 2 * eb, want, 2 * eb, got);
          complain(b);
        }
      }
    std::printf("case %-40s %s\n", cases[n].name.c_str(), cf ? "FAIL" : "ok (measured map, bit-exact)");
  }
  // The measured map, one line per 8 destination lanes (lane: src.elem x4).
  for (int L0 = 0; L0 < kLanes; L0 += 8) {
    std::printf("map");
    for (int L = L0; L < L0 + 8; ++L) {
      std::printf(" %d:", L);
      for (int j = 0; j < kElems; ++j) std::printf("%s%d.%d", j ? "," : "", map[L * 4 + j].lane, map[L * 4 + j].elem);
    }
    std::printf("\n");
  }
  // 3. Candidates.
  std::string matched;
  for (const Candidate& c : candidates()) {
    int diff = 0;
    for (int L = 0; L < kLanes; ++L)
      for (int j = 0; j < kElems; ++j)
        if (!(c.map(L, j) == map[L * kElems + j])) ++diff;
    std::printf("candidate %-9s %s (%d of 256 elements differ) [UNVERIFIED model]\n", c.name,
                diff ? "does not match" : "MATCHES", diff);
    if (!diff) matched += matched.empty() ? c.name : std::string(",") + c.name;
  }
  if (matched.empty()) {
    std::printf("measured map matches no candidate: record it as a new measurement\n");
    ++fail;
  }
  if (fail) {
    std::printf("FAIL %s: %ld problems %s\n", builtin, fail, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s (measured permutation = %s, %zu cases x 256 elements bit-exact; UNVERIFIED model) %s\n", builtin,
              matched.c_str(), nc, rt::device_tag().c_str());
  return 0;
}

}  // namespace tr64
