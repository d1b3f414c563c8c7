// global_load_tr_b128 / _b64 permutations, index-coded, against the formulas
// of docs/facts/transpose.md and the documented wave64 / partial-EXEC models.
#include <gtest/gtest.h>

#include <map>
#include <random>

#include "rdna4emu/wmma.h"

namespace {

using rdna4emu::wmma::TrLoad;
using rdna4emu::wmma::transpose_bytes_per_lane;
using rdna4emu::wmma::transpose_load;

// Index-coded source: lane s's 16-bit element e is (s << 8) | e; byte f of
// lane s is (s << 8 | f) truncated... for bytes use s * 16 + f mod 256 via a map.
std::vector<uint8_t> coded_halves(int wave, int bpl) {
  std::vector<uint8_t> d(wave * bpl);
  for (int s = 0; s < wave; ++s)
    for (int e = 0; e < bpl / 2; ++e) {
      uint16_t v = static_cast<uint16_t>((s << 8) | e);
      d[s * bpl + 2 * e] = v & 0xff;
      d[s * bpl + 2 * e + 1] = v >> 8;
    }
  return d;
}

uint16_t half_of(const std::vector<uint32_t>& out, size_t stride, int L, int j) {
  uint32_t w = out[(j / 2) * stride + L];
  return static_cast<uint16_t>(j % 2 ? w >> 16 : w & 0xffff);
}
uint8_t byte_of(const std::vector<uint32_t>& out, size_t stride, int L, int f) {
  return static_cast<uint8_t>(out[(f / 4) * stride + L] >> (8 * (f % 4)));
}

TEST(Transpose, BytesPerLane) {
  EXPECT_EQ(transpose_bytes_per_lane(TrLoad::B128, 32), 16);
  EXPECT_EQ(transpose_bytes_per_lane(TrLoad::B64, 32), 8);
  EXPECT_EQ(transpose_bytes_per_lane(TrLoad::B128, 64), 8);  // v[N:N+1]
  EXPECT_EQ(transpose_bytes_per_lane(TrLoad::B64, 64), 4);   // vN
}

// docs/facts/transpose.md#transpose-b128: dst[L].e[j] = R(8*(L/8) + j)[L%8], element j in VGPR j/2, half j%2.
TEST(Transpose, B128Wave32Formula) {
  const size_t stride = 37;
  auto src = coded_halves(32, 16);
  std::vector<uint32_t> out(4 * stride, 0xcccccccc);
  transpose_load(TrLoad::B128, 32, src.data(), 0xffffffffull, out.data(), stride);
  for (int L = 0; L < 32; ++L)
    for (int j = 0; j < 8; ++j)
      ASSERT_EQ(half_of(out, stride, L, j), ((8 * (L / 8) + j) << 8) | (L % 8)) << "L " << L << " j " << j;
  for (int g = 0; g < 4; ++g)
    for (size_t L = 32; L < stride; ++L) ASSERT_EQ(out[g * stride + L], 0xccccccccu);
}

// Seed 000's (docs/facts/starting-pages.md#seed-000) SingleBufferTilePolicyF16TrB::prefetch: lane tx loads
// &B[(k_tile + tx/4) * cols + block_n + (tx%4) * 8] and stores element e of
// lane L at n_local = (e%4)*8 + L%8, k_local = 2*(L/8) + e/4 (docs/facts/transpose.md#transpose-b128-prefetch-mapping).
TEST(Transpose, Seed000PrefetchMappingConsistentWithB128) {
  const int rows = 64, cols = 96;
  std::vector<uint16_t> B(rows * cols);
  for (int k = 0; k < rows; ++k)
    for (int n = 0; n < cols; ++n) B[k * cols + n] = static_cast<uint16_t>(k * 1000 + n);
  for (int k_tile : {0, 16, 32})
    for (int block_n : {0, 32, 64}) {
      std::vector<uint8_t> src(32 * 16);
      for (int tx = 0; tx < 32; ++tx) {
        const uint16_t* p = &B[(k_tile + tx / 4) * cols + block_n + (tx % 4) * 8];
        for (int e = 0; e < 8; ++e) {
          src[tx * 16 + 2 * e] = p[e] & 0xff;
          src[tx * 16 + 2 * e + 1] = p[e] >> 8;
        }
      }
      std::vector<uint32_t> out(4 * 32);
      transpose_load(TrLoad::B128, 32, src.data(), 0xffffffffull, out.data(), 32);
      std::map<std::pair<int, int>, int> tile;  // (k_local, n_local) -> times written
      for (int L = 0; L < 32; ++L)
        for (int e = 0; e < 8; ++e) {
          const int n_local = (e % 4) * 8 + L % 8, k_local = 2 * (L / 8) + e / 4;
          ASSERT_EQ(half_of(out, 32, L, e), B[(k_tile + k_local) * cols + block_n + n_local])
              << "L " << L << " e " << e;
          ++tile[{k_local, n_local}];
        }
      // The prefetch covers a 8 x 32 strip exactly once per instruction.
      ASSERT_EQ(tile.size(), 256u);
    }
}

// B64 wave32: the CK-derived inference of docs/facts/transpose.md#transpose-b64 (UNVERIFIED):
// within each 16-lane half h, dst[16h+m].byte[f] = R(16h + 8*(f/4) + 4*(m/8) + f%4)[m%8].
TEST(Transpose, B64Wave32Formula) {
  std::vector<uint8_t> src(32 * 8);
  for (int s = 0; s < 32; ++s)
    for (int f = 0; f < 8; ++f) src[s * 8 + f] = static_cast<uint8_t>(s * 8 + f);  // byte id
  std::vector<uint32_t> out(2 * 32);
  transpose_load(TrLoad::B64, 32, src.data(), 0xffffffffull, out.data(), 32);
  for (int L = 0; L < 32; ++L) {
    const int h = L / 16, m = L % 16;
    for (int f = 0; f < 8; ++f) {
      const int s = 16 * h + 8 * (f / 4) + 4 * (m / 8) + f % 4;
      ASSERT_EQ(byte_of(out, 32, L, f), s * 8 + m % 8) << "L " << L << " f " << f;
    }
  }
}

// Wave64 (UNVERIFIED model tr_wave64), built the long way: concatenate a
// block's bytes, cut rows of 16 (B128) or 8 (B64) bytes, read a column.
TEST(Transpose, Wave64Models) {
  // B128: 8-lane groups, 8 bytes per lane, rows of 8 halves.
  {
    std::vector<uint8_t> src(64 * 8);
    for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i * 7 + 3);
    std::vector<uint32_t> out(2 * 64);
    transpose_load(TrLoad::B128, 64, src.data(), ~0ull, out.data(), 64);
    for (int g = 0; g < 8; ++g) {
      std::vector<uint16_t> block;  // 32 halves
      for (int b = 0; b < 64; b += 2) block.push_back(src[g * 64 + b] | (src[g * 64 + b + 1] << 8));
      for (int c = 0; c < 8; ++c)
        for (int j = 0; j < 4; ++j) ASSERT_EQ(half_of(out, 64, 8 * g + c, j), block[8 * j + c]);
    }
  }
  // B64: 16-lane blocks, 4 bytes per lane, rows of 8 bytes; lane m gets column m%8 of rows 4*(m/8)+f.
  {
    std::vector<uint8_t> src(64 * 4);
    for (size_t i = 0; i < src.size(); ++i) src[i] = static_cast<uint8_t>(i);
    std::vector<uint32_t> out(64);
    transpose_load(TrLoad::B64, 64, src.data(), ~0ull, out.data(), 64);
    for (int h = 0; h < 4; ++h)
      for (int m = 0; m < 16; ++m)
        for (int f = 0; f < 4; ++f)
          ASSERT_EQ(byte_of(out, 64, 16 * h + m, f), src[h * 64 + 8 * (4 * (m / 8) + f) + m % 8]);
  }
}

// Every fetched byte lands in exactly one destination byte (full EXEC).
TEST(Transpose, EveryKindIsAPermutation) {
  for (TrLoad kind : {TrLoad::B128, TrLoad::B64})
    for (int wave : {32, 64}) {
      const int bpl = transpose_bytes_per_lane(kind, wave);
      const int n = wave * bpl;
      // Code each source byte position p in two passes (low and high byte of p).
      std::vector<int> seen(n, 0);
      std::vector<uint32_t> lo(bpl / 4 * wave), hi(bpl / 4 * wave);
      std::vector<uint8_t> src(n);
      for (int p = 0; p < n; ++p) src[p] = static_cast<uint8_t>(p & 0xff);
      transpose_load(kind, wave, src.data(), ~0ull, lo.data(), wave);
      for (int p = 0; p < n; ++p) src[p] = static_cast<uint8_t>(p >> 8);
      transpose_load(kind, wave, src.data(), ~0ull, hi.data(), wave);
      for (int L = 0; L < wave; ++L)
        for (int f = 0; f < bpl; ++f) {
          int p = byte_of(lo, wave, L, f) | (byte_of(hi, wave, L, f) << 8);
          ASSERT_LT(p, n);
          ++seen[p];
        }
      for (int p = 0; p < n; ++p) ASSERT_EQ(seen[p], 1) << "wave " << wave << " byte " << p;
    }
}

// Partial EXEC (UNVERIFIED model tr_partial_exec): only EXEC lanes written;
// bytes from lanes outside EXEC read as zero.
TEST(Transpose, PartialExec) {
  std::mt19937_64 rng(5);
  for (int wave : {32, 64}) {
    auto src = coded_halves(wave, transpose_bytes_per_lane(TrLoad::B128, wave));
    for (int trial = 0; trial < 8; ++trial) {
      uint64_t exec = rng();
      if (wave == 32) exec &= 0xffffffffull;
      const int bpl = transpose_bytes_per_lane(TrLoad::B128, wave);
      std::vector<uint32_t> full(bpl / 4 * wave), part(bpl / 4 * wave, 0xabababab);
      transpose_load(TrLoad::B128, wave, src.data(), ~0ull, full.data(), wave);
      transpose_load(TrLoad::B128, wave, src.data(), exec, part.data(), wave);
      for (int L = 0; L < wave; ++L)
        for (int j = 0; j < bpl / 2; ++j) {
          uint16_t got = half_of(part, wave, L, j);
          if (!((exec >> L) & 1)) {
            ASSERT_EQ(got, 0xabab);
            continue;
          }
          uint16_t want = half_of(full, wave, L, j);
          int from_lane = want >> 8;  // index code: source lane
          ASSERT_EQ(got, ((exec >> from_lane) & 1) ? want : 0) << "L " << L << " j " << j;
        }
    }
  }
  // Bad wave size: nothing written.
  std::vector<uint8_t> src(64 * 16, 1);
  std::vector<uint32_t> out(4 * 64, 9);
  transpose_load(TrLoad::B128, 48, src.data(), ~0ull, out.data(), 64);
  for (uint32_t x : out) ASSERT_EQ(x, 9u);
}

}  // namespace
