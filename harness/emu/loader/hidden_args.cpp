// fill_hidden_args: the code-object-v5 hidden kernel arguments as ROCm's
// runtime writes them for a HIP launch. The table is hidden_args.def.
#include <cstring>

#include "bytes.h"
#include "rdna4emu/codeobject.h"

namespace rdna4emu {
namespace {

enum class Quantity { BlockCount, GroupSize, Remainder, Zero, GridDims, DynamicLds, Unsupported };

struct HiddenArgRow {
  const char* kind;
  Quantity quantity;
  unsigned axis;
  unsigned width;
};

const HiddenArgRow kHiddenArgs[] = {
#define HIDDEN_ARG(kind, quantity, axis, width) {kind, Quantity::quantity, axis, width},
#include "hidden_args.def"
#undef HIDDEN_ARG
};

uint32_t axis_of(const Dim3& d, unsigned axis) { return axis == 0 ? d.x : axis == 1 ? d.y : d.z; }

}  // namespace

void fill_hidden_args(const KernelInfo& k, const LaunchConfig& cfg,
                      std::vector<uint8_t>& kernarg) {
  if (kernarg.size() < k.kernarg_segment_size)
    throw LoadError("kernel '" + k.name + "': kernarg buffer of " +
                    std::to_string(kernarg.size()) + " bytes is smaller than the segment (" +
                    std::to_string(k.kernarg_segment_size) + " bytes)");
  for (const KernelArg& a : k.args) {
    if (a.value_kind.compare(0, 7, "hidden_") != 0) continue;
    const HiddenArgRow* row = nullptr;
    for (const auto& r : kHiddenArgs)
      if (a.value_kind == r.kind) row = &r;
    if (!row || row->quantity == Quantity::Unsupported) continue;  // unknown kinds stay zero
    if (a.size < row->width)
      throw LoadError("kernel '" + k.name + "': hidden argument " + a.value_kind + " has size " +
                      std::to_string(a.size) + ", the runtime writes " +
                      std::to_string(row->width) + " bytes");
    if (!loader::in_range(a.offset, row->width, kernarg.size()))
      throw LoadError("kernel '" + k.name + "': hidden argument " + a.value_kind +
                      " at offset " + std::to_string(a.offset) + " lies outside the kernarg buffer");
    uint64_t v = 0;
    switch (row->quantity) {
      case Quantity::BlockCount: v = axis_of(cfg.grid, row->axis); break;
      case Quantity::GroupSize: v = axis_of(cfg.block, row->axis); break;
      case Quantity::Remainder: v = 0; break;  // grid is counted in whole workgroups
      case Quantity::Zero: v = 0; break;
      case Quantity::GridDims: v = 3; break;   // HIP always launches a 3-D NDRange
      case Quantity::DynamicLds: v = cfg.dynamic_lds_bytes; break;
      case Quantity::Unsupported: break;
    }
    for (unsigned i = 0; i < row->width; ++i) kernarg[a.offset + i] = uint8_t(v >> (8 * i));
  }
}

}  // namespace rdna4emu
