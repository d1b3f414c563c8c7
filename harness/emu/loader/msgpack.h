// A small MessagePack reader (https://github.com/msgpack/msgpack/blob/master/spec.md),
// enough for the NT_AMDGPU_METADATA note. Private to the loader.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace rdna4emu::msgpack {

struct Value {
  enum class Kind { Nil, Bool, Int, UInt, Float, Str, Bin, Array, Map, Ext };
  Kind kind = Kind::Nil;
  bool b = false;
  int64_t i = 0;    // Kind::Int (negative values)
  uint64_t u = 0;   // Kind::UInt
  double f = 0;     // Kind::Float
  std::string s;    // Str, Bin, Ext payload
  int8_t ext_type = 0;
  std::vector<Value> array;
  std::vector<std::pair<Value, Value>> map;

  bool is_str() const { return kind == Kind::Str; }
  bool is_map() const { return kind == Kind::Map; }
  bool is_array() const { return kind == Kind::Array; }
  bool is_int() const { return kind == Kind::Int || kind == Kind::UInt; }
  // Map lookup by string key; nullptr if absent or not a map.
  const Value* get(const std::string& key) const;
  const char* kind_name() const;
};

// Parse exactly one value from [data, data+size). Throws LoadError (with the
// byte offset) on truncation, reserved type bytes, nesting deeper than 64 or
// trailing bytes (unless allow_trailing).
Value parse(const uint8_t* data, size_t size, bool allow_trailing = false);

// YAML-like text dump, for debugging (CodeObject::metadata_yaml).
std::string to_yaml(const Value& v);

}  // namespace rdna4emu::msgpack
