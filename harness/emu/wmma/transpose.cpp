// global_load_tr_b128 / global_load_tr_b64: the cross-lane permutation of the
// data the lanes fetched (the executor does the memory accesses).
//
// B128 (16-bit elements). Each group of 8 consecutive lanes is one block: the
// bytes its lanes fetched, concatenated in lane order, form a row-major matrix
// with rows of 8 elements (16 bytes); lane c of the group receives column c,
// element j = row j. Wave32 (16 bytes per lane, 8 rows): exactly
// docs/facts/transpose.md#transpose-b128, dst[L].e[j] = R(8*(L/8)+j)[L%8] (measured on gfx1201 by a third
// party). Wave64 (8 bytes per lane, 4 rows): the same rule, MODEL(tr_wave64).
//
// B64 (8-bit elements). Each group of 16 lanes is one block, rows of 8 bytes;
// lane m of the block receives, as byte f, column m%8 of row
// 8*(f/4) + 4*(m/8) + f%4 (wave32, 16 rows: the CK-derived inference of
// docs/facts/transpose.md#transpose-b64, MODEL(tr_b64_mapping)); wave64 (4 bytes per lane,
// 8 rows): row 4*(m/8) + f, MODEL(tr_wave64).
#include "rdna4emu/wmma.h"

#include "rdna4emu/model.h"

namespace rdna4emu::wmma {

int transpose_bytes_per_lane(TrLoad kind, int wave_size) {
  int full = kind == TrLoad::B128 ? 16 : 8;
  return wave_size == 64 ? full / 2 : full;
}

namespace {

// Byte `byte` of the block whose first lane is `first`, rows laid out in lane
// order; lanes outside `exec` contribute zeros (MODEL(tr_partial_exec)).
uint8_t block_byte(const uint8_t* lane_data, int bpl, uint64_t exec, int first, int byte) {
  int lane = first + byte / bpl;
  // Candidate fetch_inactive: lanes outside EXEC fetched too (the executor fills their data).
  static const bool fetch_all = model::active<model::TrPartialExec>() == model::TrPartialExec::FetchInactive;
  if (!fetch_all && !((exec >> lane) & 1)) return 0;
  return lane_data[static_cast<size_t>(lane) * bpl + byte % bpl];
}

}  // namespace

void transpose_load(TrLoad kind, int wave_size, const uint8_t* lane_data, uint64_t exec,
                    uint32_t* out, size_t stride) {
  if ((wave_size != 32 && wave_size != 64) || !lane_data || !out) return;
  if (wave_size == 32) exec &= 0xffffffffull;
  const int bpl = transpose_bytes_per_lane(kind, wave_size);
  uint8_t res[64][16];
  const auto b64_pick = model::active<model::TrB64Mapping>();
  const auto w64_pick = model::active<model::TrWave64>();
  for (int L = 0; L < wave_size; ++L) {
    if (wave_size == 64 && w64_pick == model::TrWave64::InterleavedRows) {
      // MODEL(tr_wave64) candidate interleaved_rows, the map tr16i of
      // docs/facts/transpose.md#transpose-wave64 on halves (B128) or bytes (B64): 16-lane
      // blocks of 8 rows of 8 elements (row r = lanes 2r, 2r+1); lane 8h+c of a block gets
      // column c of rows h + 2j: dst[16g+8h+c].e[j] = R(16g + 2(2j+h) + c/4)[c%4].
      const int first = 16 * (L / 16), h = (L % 16) / 8, c = L % 8, esz = kind == TrLoad::B128 ? 2 : 1;
      for (int j = 0; j < bpl / esz; ++j)
        for (int b = 0; b < esz; ++b)
          res[L][esz * j + b] =
              block_byte(lane_data, bpl, exec, first, bpl * (2 * (2 * j + h) + c / 4) + esz * (c % 4) + b);
      continue;
    }
    if (wave_size == 64 && w64_pick == model::TrWave64::Tr4x4) {
      // MODEL(tr_wave64) candidate tr4x4 (docs/facts/transpose.md#transpose-wave64): 4-lane
      // blocks, lane c gets element c of each of the block's 4 lanes: dst[4m+c].e[j] = R(4m+j)[c]
      // (B128: 16-bit elements, B64: bytes).
      const int first = 4 * (L / 4), c = L % 4, esz = kind == TrLoad::B128 ? 2 : 1;
      for (int j = 0; j < bpl / esz; ++j)
        for (int b = 0; b < esz; ++b) res[L][esz * j + b] = block_byte(lane_data, bpl, exec, first, bpl * j + esz * c + b);
      continue;
    }
    if (kind == TrLoad::B64 && wave_size == 32 && b64_pick == model::TrB64Mapping::B128Rule) {
      // MODEL(tr_b64_mapping) candidate b128_rule: the B128 rule on bytes, 8-lane
      // blocks of 8 rows of 8 bytes, lane c gets column c: dst[L].byte[f] = R(8*(L/8)+f)[L%8].
      const int first = 8 * (L / 8), c = L % 8;
      for (int f = 0; f < bpl; ++f) res[L][f] = block_byte(lane_data, bpl, exec, first, 8 * f + c);
      continue;
    }
    if (kind == TrLoad::B128) {
      const int first = 8 * (L / 8), c = L % 8;
      for (int j = 0; j < bpl / 2; ++j) {  // element j = row j, column c (2 bytes)
        res[L][2 * j] = block_byte(lane_data, bpl, exec, first, 16 * j + 2 * c);
        res[L][2 * j + 1] = block_byte(lane_data, bpl, exec, first, 16 * j + 2 * c + 1);
      }
    } else {
      const int first = 16 * (L / 16), m = L % 16;
      for (int f = 0; f < bpl; ++f) {
        const int row = wave_size == 32 ? 8 * (f / 4) + 4 * (m / 8) + f % 4 : 4 * (m / 8) + f;
        res[L][f] = block_byte(lane_data, bpl, exec, first, 8 * row + m % 8);
      }
    }
  }
  // MODEL(tr_partial_exec) candidate write_all_lanes: every lane's destination is written.
  const bool write_all = model::active<model::TrPartialExec>() == model::TrPartialExec::WriteAllLanes;
  for (int L = 0; L < wave_size; ++L) {
    if (!write_all && !((exec >> L) & 1)) continue;  // destination written only for EXEC lanes
    for (int g = 0; g < bpl / 4; ++g) {
      // Byte 0 of a register is bits [7:0] (element 2g in the low half).
      const uint8_t* r = &res[L][4 * g];
      uint32_t w = r[0] | (r[1] << 8) | (r[2] << 16) | (static_cast<uint32_t>(r[3]) << 24);
      out[static_cast<size_t>(g) * stride + L] = w;
    }
  }
}

}  // namespace rdna4emu::wmma
