// DPP (data parallel processing) lane selection and execution (dpp.cc).
#pragma once

#include <cstdint>

namespace rdna4emu::core {

struct Wave;
struct Insn;

// Lane whose src0 lane `lane` reads under DPP16 control `ctrl`, or -1 when that lane
// is outside the row (row_shl / row_shr past the row edge) or ctrl is reserved.
int dpp16_source_lane(unsigned ctrl, unsigned lane);
// Lane read by `lane` under DPP8 lane selects `sel` (8 x 3 bits).
int dpp8_source_lane(uint32_t sel, unsigned lane);
// Runs in.dpp_inner with src0 moved across lanes, EXEC narrowed to the written lanes.
void exec_dpp(Wave& w, const Insn& in);

}  // namespace rdna4emu::core
