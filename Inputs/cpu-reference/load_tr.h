// Driver for the wave32 transpose-load runtime tests in runtime/load-tr-w32/.
// A test file supplies one kernel:
//   kern(const uint8_t* base, const uint32_t* offsets, uint32_t* out)
// where lane L of case n (blockIdx.x = n) loads from base + offsets[n*32 + L]
// with the builtin and stores its result registers lane-major at
// out[(n*32 + L) * R] (R = 4 for B128, 2 for B64).
//
// Expected values come from the mapping models in fragments.h:
//   B128 (16-bit elements): dst[L].e[j] = R(8*(L/8) + j)[L%8]  (docs/facts/transpose.md#transpose-b128;
//        third-party hardware measurement) and, for seed 000's addressing
//        (docs/facts/starting-pages.md#seed-000),
//        seed 000's own element formula, checked separately;
//   B64 (8-bit elements): UNVERIFIED inference (docs/facts/transpose.md#transpose-b64).
// R(s) is the data lane s fetched from its own address. Comparison is
// bit-exact (the load must not canonicalise NaN encodings).
#pragma once

#include <cstdint>
#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "fragments.h"
#include "device.h"

namespace tr {

// Kind: api.h.

struct Case {
  std::string name;
  std::vector<uint32_t> offsets;  // 32 byte offsets into the buffer
  bool seed000 = false;           // addressing of seed 000: also check its formula
  int k_tile = 0, block_n = 0, cols = 0;  // for seed000 cases (elements)
};

inline int elem_bytes(Kind k) { return k == Kind::B128 ? 2 : 1; }
inline int lane_bytes(Kind k) { return k == Kind::B128 ? 16 : 8; }
inline int regs(Kind k) { return k == Kind::B128 ? 4 : 2; }

// Element j (0..7) of lane L's result, from a lane-major register image.
inline uint32_t result_elem(Kind k, const std::vector<uint32_t>& out, size_t n, int L, int j) {
  const uint32_t r = out[(n * 32 + L) * regs(k) + (k == Kind::B128 ? j / 2 : j / 4)];
  return k == Kind::B128 ? (r >> (16 * (j % 2))) & 0xffffu : (r >> (8 * (j % 4))) & 0xffu;
}
// Element e of the data lane s fetched.
inline uint32_t fetched_elem(Kind k, const std::vector<uint8_t>& buf, uint32_t off, int e) {
  if (k == Kind::B128) return uint32_t(buf[off + 2 * e]) | uint32_t(buf[off + 2 * e + 1]) << 8;
  return buf[off + e];
}

// `buffer_fill`: how the test fills the buffer's 16-bit (or 8-bit) elements:
// "index" (element n holds n, wrapping) or "random" (random bit patterns,
// NaN encodings included).
inline int drive(const char* builtin, Kind kind, const void* kernel, const char* model_status) {
  rt::print_device_header(builtin);
  std::printf("builtin=__builtin_amdgcn_%s model: %s\n", builtin, model_status);
  const int eb = elem_bytes(kind), lb = lane_bytes(kind);
  // A 64-row x 64-column matrix of elements, row-major, index-coded in the
  // first half of the buffer, random bit patterns in the second half.
  const int rows = 64, cols = 64;
  const size_t half = size_t(rows) * cols * eb;
  std::vector<uint8_t> buf(2 * half);
  std::mt19937 rng(777);
  for (size_t n = 0; n < half / eb; ++n)
    for (int b = 0; b < eb; ++b) buf[n * eb + b] = uint8_t((eb == 2 ? n : n * 7 + n / 256) >> (8 * b));
  for (size_t n = half; n < buf.size(); ++n) buf[n] = uint8_t(rng());
  if (kind == Kind::B128)  // plant f16/bf16 NaN and inf encodings in the random half
    for (size_t n = half; n + 1 < buf.size(); n += 34) {
      const uint16_t specials[] = {0x7e01, 0xfc00, 0x7fff, 0xffc1, 0x7c00};
      const uint16_t v = specials[(n / 34) % 5];
      buf[n] = uint8_t(v);
      buf[n + 1] = uint8_t(v >> 8);
    }

  std::vector<Case> cases;
  if (kind == Kind::B128) {
    // Seed 000: ptr(tx) = &B[(k_tile + tx/4)*cols + block_n + (tx%4)*8], two
    // calls per 16-row K strip (k_tile and k_tile + 8).
    const int tiles[][2] = {{0, 0}, {8, 0}, {16, 32}, {40, 24}};
    for (auto& t : tiles) {
      Case c;
      c.name = "seed000 k_tile=" + std::to_string(t[0]) + " block_n=" + std::to_string(t[1]);
      c.seed000 = true;
      c.k_tile = t[0];
      c.block_n = t[1];
      c.cols = cols;
      for (int tx = 0; tx < 32; ++tx) {
        ref::RowCol a = ref::seed000_lane_address(tx);
        c.offsets.push_back(uint32_t(((c.k_tile + a.row) * cols + c.block_n + a.col) * eb));
      }
      cases.push_back(c);
    }
  } else {
    // Contiguous: lane s reads bytes [8s, 8s+8) of an index-coded region, so
    // every result byte names its source lane and byte directly.
    for (int base : {0, 512}) {
      Case c;
      c.name = "contiguous base=" + std::to_string(base);
      for (int s = 0; s < 32; ++s) c.offsets.push_back(uint32_t(base + 8 * s));
      cases.push_back(c);
    }
    // Row-strided, as a B operand of K rows of 64 bytes would be addressed.
    Case c;
    c.name = "row-strided (lane s: row s/2, bytes 8*(s%2))";
    for (int s = 0; s < 32; ++s) c.offsets.push_back(uint32_t((s / 2) * cols + 8 * (s % 2)));
    cases.push_back(c);
  }
  // Arbitrary per-lane addresses (the model is stated per fetched lane data):
  // reversed lanes, and random aligned chunks of the random half.
  {
    Case c;
    c.name = "reversed lanes";
    for (int s = 0; s < 32; ++s) c.offsets.push_back(uint32_t((31 - s) * lb * 3));
    cases.push_back(c);
    for (int r = 0; r < 3; ++r) {
      Case d;
      d.name = "random addresses #" + std::to_string(r);
      for (int s = 0; s < 32; ++s)
        d.offsets.push_back(uint32_t(half + lb * (rng() % (half / lb))));
      cases.push_back(d);
    }
  }

  const size_t nc = cases.size();
  std::vector<uint32_t> offs;
  for (auto& c : cases) offs.insert(offs.end(), c.offsets.begin(), c.offsets.end());
  rt::DevBuf<uint8_t> dbuf(buf);
  rt::DevBuf<uint32_t> doffs(offs), dout(nc * 32 * regs(kind));
  dout.zero();
  const uint8_t* pb = dbuf.p;
  const uint32_t* po = doffs.p;
  uint32_t* pout = dout.p;
  rt::launch(kernel, rt::Dim(unsigned(nc)), rt::Dim(32), {&pb, &po, &pout});
  std::vector<uint32_t> out = dout.download();

  long fail = 0, seedfail = 0, printed = 0, checked = 0;
  for (size_t n = 0; n < nc; ++n) {
    const Case& c = cases[n];
    long cfail = 0;
    for (int L = 0; L < 32; ++L)
      for (int j = 0; j < 8; ++j) {
        const uint32_t got = result_elem(kind, out, n, L, j);
        ref::TrSource src = kind == Kind::B128 ? ref::tr_b128_source(L, j) : ref::tr_b64_source(L, j);
        const uint32_t want = fetched_elem(kind, buf, c.offsets[src.lane], src.elem);
        ++checked;
        if (got != want) {
          ++cfail;
          if (printed++ < 20)
            std::printf("MISMATCH case='%s' lane %d element %d: expected 0x%0*x (lane %d's element %d), "
                        "actual 0x%0*x\n",
                        c.name.c_str(), L, j, 2 * eb, want, src.lane, src.elem, 2 * eb, got);
        }
        if (c.seed000) {
          ref::RowCol rc = ref::seed000_tr_element(L, j);
          const size_t idx = size_t(c.k_tile + rc.row) * c.cols + c.block_n + rc.col;
          const uint32_t seedwant = uint32_t(buf[idx * 2]) | uint32_t(buf[idx * 2 + 1]) << 8;
          if (got != seedwant) {
            ++seedfail;
            if (printed++ < 20)
              std::printf("SEED000 DIFFERENCE case='%s' lane %d element %d: seed 000 says B[%d][%d] = 0x%04x, "
                          "actual 0x%04x\n",
                          c.name.c_str(), L, j, c.k_tile + rc.row, c.block_n + rc.col, seedwant, got);
          }
        }
      }
    std::printf("case %-44s %s\n", c.name.c_str(), cfail ? "FAIL" : "ok");
    fail += cfail;
  }
  if (kind == Kind::B128)
    std::printf("seed 000 element formula (k_local = 2*(L/8) + e/4, n_local = (e%%4)*8 + L%%8): %s\n",
                seedfail ? "DIFFERS from the device" : "agrees with the device");
  if (fail || seedfail) {
    std::printf("FAIL %s: %ld of %ld elements differ from the model%s %s\n", builtin, fail, checked,
                seedfail ? " (and seed 000's formula differs)" : "", rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s (%ld elements, bit-exact) %s\n", builtin, checked, rt::device_tag().c_str());
  return 0;
}

}  // namespace tr
