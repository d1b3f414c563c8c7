// AMDGPU metadata note, code object v3-v6 (AMDGPUUsage "Code Object V3 Metadata"
// and its V4/V5/V6 extensions): a MessagePack map with amdhsa.version,
// amdhsa.target and amdhsa.kernels (one map per kernel, .args an array of maps).
#include "note.h"

#include <limits>

#include "bytes.h"

namespace rdna4emu::loader {
namespace {

using msgpack::Value;

// Every .value_kind the loader accepts, with the .size it requires (0 = any):
// explicit kinds from explicit_args.def, hidden kinds with the width the
// runtime writes from hidden_args.def (hidden_none, padding, has width 0).
struct ArgKind {
  const char* kind;
  uint32_t size;
};
const ArgKind kArgKinds[] = {
#define EXPLICIT_ARG(kind, size) {kind, size},
#include "explicit_args.def"
#undef EXPLICIT_ARG
#define HIDDEN_ARG(kind, quantity, axis, width) {kind, width},
#include "hidden_args.def"
#undef HIDDEN_ARG
};

const ArgKind* arg_kind(const std::string& kind) {
  for (const ArgKind& k : kArgKinds)
    if (kind == k.kind) return &k;
  return nullptr;
}

struct Ctx {
  std::string where;  // "kernel 'k1'" or "kernel 'k1' argument 2"
  [[noreturn]] void fail(const std::string& msg) const {
    throw LoadError("metadata: " + where + ": " + msg);
  }
};

const Value* field(const Value& m, const char* key, bool required, const Ctx& c) {
  const Value* v = m.get(key);
  if (!v && required) c.fail(std::string("missing required field ") + key);
  return v;
}

std::string get_str(const Value& m, const char* key, bool required, const Ctx& c) {
  const Value* v = field(m, key, required, c);
  if (!v) return "";
  if (!v->is_str()) c.fail(std::string(key) + " is a " + v->kind_name() + ", expected a string");
  return v->s;
}

uint32_t get_u32(const Value& m, const char* key, bool required, uint32_t dflt, const Ctx& c) {
  const Value* v = field(m, key, required, c);
  if (!v) return dflt;
  if (v->kind != Value::Kind::UInt)
    c.fail(std::string(key) + " is a " + v->kind_name() + ", expected an unsigned integer");
  if (v->u > std::numeric_limits<uint32_t>::max())
    c.fail(std::string(key) + " = " + std::to_string(v->u) + " does not fit in 32 bits");
  return static_cast<uint32_t>(v->u);
}

bool get_bool(const Value& m, const char* key, bool dflt, const Ctx& c) {
  const Value* v = field(m, key, false, c);
  if (!v) return dflt;
  if (v->kind == Value::Kind::Bool) return v->b;
  if (v->kind == Value::Kind::UInt && v->u <= 1) return v->u != 0;
  c.fail(std::string(key) + " is a " + v->kind_name() + ", expected a boolean");
}

KernelArg parse_arg(const Value& a, const Ctx& c) {
  if (!a.is_map()) c.fail(std::string("is a ") + a.kind_name() + ", expected a map");
  KernelArg arg;
  arg.name = get_str(a, ".name", false, c);
  arg.type_name = get_str(a, ".type_name", false, c);
  arg.value_kind = get_str(a, ".value_kind", true, c);
  arg.address_space = get_str(a, ".address_space", false, c);
  arg.offset = get_u32(a, ".offset", true, 0, c);
  arg.size = get_u32(a, ".size", true, 0, c);
  // The runtime copies explicit arguments from the caller's array and writes
  // hidden ones itself: an unknown kind or a size other than the kind's would
  // make it read or write the wrong number of bytes.
  const ArgKind* k = arg_kind(arg.value_kind);
  if (!k) c.fail(".value_kind \"" + arg.value_kind + "\" is not a known argument kind");
  if (k->size && arg.size != k->size)
    c.fail(".size " + std::to_string(arg.size) + " does not match .value_kind " + arg.value_kind +
           " (" + std::to_string(k->size) + " bytes)");
  return arg;
}

KernelInfo parse_kernel(const Value& k, size_t index) {
  Ctx c{"kernel " + std::to_string(index)};
  if (!k.is_map()) c.fail(std::string("is a ") + k.kind_name() + ", expected a map");
  KernelInfo ki;
  ki.name = get_str(k, ".name", true, c);
  c.where = "kernel '" + ki.name + "'";
  ki.symbol = get_str(k, ".symbol", true, c);
  ki.kernarg_segment_size = get_u32(k, ".kernarg_segment_size", true, 0, c);
  ki.kernarg_segment_align = get_u32(k, ".kernarg_segment_align", false, 0, c);
  ki.group_segment_fixed_size = get_u32(k, ".group_segment_fixed_size", true, 0, c);
  ki.private_segment_fixed_size = get_u32(k, ".private_segment_fixed_size", true, 0, c);
  ki.wavefront_size = get_u32(k, ".wavefront_size", true, 0, c);
  if (ki.wavefront_size != 32 && ki.wavefront_size != 64)
    c.fail(".wavefront_size is " + std::to_string(ki.wavefront_size) + ", expected 32 or 64");
  ki.sgpr_count = get_u32(k, ".sgpr_count", true, 0, c);
  ki.vgpr_count = get_u32(k, ".vgpr_count", true, 0, c);
  ki.sgpr_spill_count = get_u32(k, ".sgpr_spill_count", false, 0, c);
  ki.vgpr_spill_count = get_u32(k, ".vgpr_spill_count", false, 0, c);
  ki.max_flat_workgroup_size = get_u32(k, ".max_flat_workgroup_size", false, 1024, c);
  ki.uses_dynamic_stack = get_bool(k, ".uses_dynamic_stack", false, c);
  if (const Value* args = field(k, ".args", false, c)) {
    if (!args->is_array()) c.fail(std::string(".args is a ") + args->kind_name() + ", expected an array");
    for (size_t i = 0; i < args->array.size(); ++i) {
      Ctx ac{c.where + " argument " + std::to_string(i)};
      KernelArg arg = parse_arg(args->array[i], ac);
      if (!in_range(arg.offset, arg.size, ki.kernarg_segment_size))
        ac.fail("bytes [" + std::to_string(arg.offset) + ", " +
                std::to_string(uint64_t(arg.offset) + arg.size) +
                ") lie outside the kernarg segment of " +
                std::to_string(ki.kernarg_segment_size) + " bytes");
      ki.args.push_back(std::move(arg));
    }
  }
  return ki;
}

}  // namespace

Metadata parse_metadata(const uint8_t* desc, size_t size) {
  Metadata md;
  md.root = msgpack::parse(desc, size);
  Ctx c{"top level"};
  if (!md.root.is_map()) c.fail(std::string("is a ") + md.root.kind_name() + ", expected a map");
  const Value* ver = field(md.root, "amdhsa.version", true, c);
  if (!ver->is_array() || ver->array.size() < 2 || ver->array[0].kind != Value::Kind::UInt ||
      ver->array[1].kind != Value::Kind::UInt)
    c.fail("amdhsa.version is not an array of two unsigned integers");
  md.version_major = ver->array[0].u;
  md.version_minor = ver->array[1].u;
  if (md.version_major != 1)
    c.fail("amdhsa.version " + std::to_string(md.version_major) + "." +
           std::to_string(md.version_minor) +
           " is not supported (expected 1.x: code object v3 to v6)");
  md.target = get_str(md.root, "amdhsa.target", false, c);
  const Value* ks = field(md.root, "amdhsa.kernels", true, c);
  if (!ks->is_array()) c.fail(std::string("amdhsa.kernels is a ") + ks->kind_name() + ", expected an array");
  for (size_t i = 0; i < ks->array.size(); ++i) md.kernels.push_back(parse_kernel(ks->array[i], i));
  return md;
}

}  // namespace rdna4emu::loader
