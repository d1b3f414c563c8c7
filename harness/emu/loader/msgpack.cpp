// MessagePack reader: every read is bounds-checked, nesting is limited, and
// element counts are checked against the bytes left before anything is
// allocated, so hostile input can neither overrun nor exhaust memory.
#include "msgpack.h"

#include <cstring>
#include <sstream>

#include "bytes.h"

namespace rdna4emu::msgpack {
namespace {

class Reader {
 public:
  Reader(const uint8_t* d, size_t n) : d_(d), n_(n) {}
  size_t pos() const { return p_; }

  [[noreturn]] void fail(const std::string& msg, size_t at) const {
    throw LoadError("MessagePack: " + msg + " at byte " + std::to_string(at) +
                    " of " + std::to_string(n_));
  }
  void need(uint64_t len, const char* what) const {
    if (!loader::in_range(p_, len, n_))
      fail(std::string("truncated ") + what + " (needs " + std::to_string(len) +
               " bytes, " + std::to_string(n_ - p_) + " left)",
           p_);
  }
  uint64_t be(unsigned bytes, const char* what) {
    need(bytes, what);
    uint64_t v = 0;
    for (unsigned k = 0; k < bytes; ++k) v = (v << 8) | d_[p_ + k];
    p_ += bytes;
    return v;
  }
  std::string bytes(uint64_t len, const char* what) {
    need(len, what);
    std::string s(reinterpret_cast<const char*>(d_ + p_), static_cast<size_t>(len));
    p_ += static_cast<size_t>(len);
    return s;
  }

  Value value(unsigned depth) {
    if (depth > loader::kMaxMsgpackDepth) fail("nesting deeper than 64", p_);
    size_t at = p_;
    uint8_t t = static_cast<uint8_t>(be(1, "type byte"));
    Value v;
    if (t <= 0x7f) { v.kind = Value::Kind::UInt; v.u = t; return v; }
    if (t >= 0xe0) { v.kind = Value::Kind::Int; v.i = static_cast<int8_t>(t); return v; }
    if (t >= 0x80 && t <= 0x8f) return map(t & 0x0f, depth, at);
    if (t >= 0x90 && t <= 0x9f) return array(t & 0x0f, depth, at);
    if (t >= 0xa0 && t <= 0xbf) { v.kind = Value::Kind::Str; v.s = bytes(t & 0x1f, "fixstr"); return v; }
    switch (t) {
      case 0xc0: return v;
      case 0xc2: v.kind = Value::Kind::Bool; v.b = false; return v;
      case 0xc3: v.kind = Value::Kind::Bool; v.b = true; return v;
      case 0xc4: case 0xc5: case 0xc6: {
        unsigned w = 1u << (t - 0xc4);
        v.kind = Value::Kind::Bin;
        v.s = bytes(be(w, "bin length"), "bin payload");
        return v;
      }
      case 0xc7: case 0xc8: case 0xc9: {
        unsigned w = 1u << (t - 0xc7);
        uint64_t len = be(w, "ext length");
        v.kind = Value::Kind::Ext;
        v.ext_type = static_cast<int8_t>(be(1, "ext type"));
        v.s = bytes(len, "ext payload");
        return v;
      }
      case 0xca: {
        uint32_t bits = static_cast<uint32_t>(be(4, "float32"));
        float f; std::memcpy(&f, &bits, 4);
        v.kind = Value::Kind::Float; v.f = f; return v;
      }
      case 0xcb: {
        uint64_t bits = be(8, "float64");
        double f; std::memcpy(&f, &bits, 8);
        v.kind = Value::Kind::Float; v.f = f; return v;
      }
      case 0xcc: case 0xcd: case 0xce: case 0xcf:
        v.kind = Value::Kind::UInt; v.u = be(1u << (t - 0xcc), "uint"); return v;
      case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
        unsigned w = 1u << (t - 0xd0);
        uint64_t raw = be(w, "int");
        int64_t s = w == 8 ? static_cast<int64_t>(raw)
                           : static_cast<int64_t>(raw << (64 - 8 * w)) >> (64 - 8 * w);
        if (s >= 0) { v.kind = Value::Kind::UInt; v.u = static_cast<uint64_t>(s); }
        else { v.kind = Value::Kind::Int; v.i = s; }
        return v;
      }
      case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:
        v.kind = Value::Kind::Ext;
        v.ext_type = static_cast<int8_t>(be(1, "fixext type"));
        v.s = bytes(1u << (t - 0xd4), "fixext payload");
        return v;
      case 0xd9: case 0xda: case 0xdb: {
        unsigned w = 1u << (t - 0xd9);
        v.kind = Value::Kind::Str;
        v.s = bytes(be(w, "str length"), "string");
        return v;
      }
      case 0xdc: return array(be(2, "array16 count"), depth, at);
      case 0xdd: return array(be(4, "array32 count"), depth, at);
      case 0xde: return map(be(2, "map16 count"), depth, at);
      case 0xdf: return map(be(4, "map32 count"), depth, at);
      default: break;
    }
    char buf[8];
    std::snprintf(buf, sizeof buf, "0x%02x", t);
    fail(std::string("reserved type byte ") + buf, at);
  }

 private:
  Value array(uint64_t n, unsigned depth, size_t at) {
    if (n > n_ - p_)  // every element takes at least one byte
      fail("array of " + std::to_string(n) + " elements larger than the input", at);
    Value v;
    v.kind = Value::Kind::Array;
    v.array.reserve(static_cast<size_t>(n));
    for (uint64_t k = 0; k < n; ++k) v.array.push_back(value(depth + 1));
    return v;
  }
  Value map(uint64_t n, unsigned depth, size_t at) {
    if (n > (n_ - p_) / 2)  // every entry takes at least two bytes
      fail("map of " + std::to_string(n) + " entries larger than the input", at);
    Value v;
    v.kind = Value::Kind::Map;
    v.map.reserve(static_cast<size_t>(n));
    for (uint64_t k = 0; k < n; ++k) {
      Value key = value(depth + 1);
      Value val = value(depth + 1);
      v.map.emplace_back(std::move(key), std::move(val));
    }
    return v;
  }

  const uint8_t* d_;
  size_t n_;
  size_t p_ = 0;
};

void dump(const Value& v, int indent, std::ostringstream& os);

void scalar(const Value& v, std::ostringstream& os) {
  switch (v.kind) {
    case Value::Kind::Nil: os << "~"; break;
    case Value::Kind::Bool: os << (v.b ? "true" : "false"); break;
    case Value::Kind::Int: os << v.i; break;
    case Value::Kind::UInt: os << v.u; break;
    case Value::Kind::Float: os << v.f; break;
    case Value::Kind::Str: os << v.s; break;
    case Value::Kind::Bin: os << "!!binary <" << v.s.size() << " bytes>"; break;
    case Value::Kind::Ext: os << "!ext" << int(v.ext_type) << " <" << v.s.size() << " bytes>"; break;
    default: break;
  }
}

void dump(const Value& v, int indent, std::ostringstream& os) {
  std::string pad(indent, ' ');
  if (v.is_map()) {
    for (const auto& kv : v.map) {
      os << pad;
      if (kv.first.is_map() || kv.first.is_array()) os << "? <complex key>";
      else scalar(kv.first, os);
      os << ":";
      if ((kv.second.is_map() && !kv.second.map.empty()) ||
          (kv.second.is_array() && !kv.second.array.empty())) {
        os << "\n";
        dump(kv.second, indent + 2, os);
      } else if (kv.second.is_map()) {
        os << " {}\n";
      } else if (kv.second.is_array()) {
        os << " []\n";
      } else {
        os << " ";
        scalar(kv.second, os);
        os << "\n";
      }
    }
  } else if (v.is_array()) {
    for (const auto& e : v.array) {
      if (e.is_map() || e.is_array()) {
        os << pad << "-\n";
        dump(e, indent + 2, os);
      } else {
        os << pad << "- ";
        scalar(e, os);
        os << "\n";
      }
    }
  } else {
    os << pad;
    scalar(v, os);
    os << "\n";
  }
}

}  // namespace

const Value* Value::get(const std::string& key) const {
  if (kind != Kind::Map) return nullptr;
  for (const auto& kv : map)
    if (kv.first.kind == Kind::Str && kv.first.s == key) return &kv.second;
  return nullptr;
}

const char* Value::kind_name() const {
  switch (kind) {
    case Kind::Nil: return "nil";
    case Kind::Bool: return "bool";
    case Kind::Int: return "negative integer";
    case Kind::UInt: return "integer";
    case Kind::Float: return "float";
    case Kind::Str: return "string";
    case Kind::Bin: return "binary";
    case Kind::Array: return "array";
    case Kind::Map: return "map";
    case Kind::Ext: return "ext";
  }
  return "?";
}

Value parse(const uint8_t* data, size_t size, bool allow_trailing) {
  Reader r(data, size);
  Value v = r.value(0);
  if (!allow_trailing && r.pos() != size)
    r.fail(std::to_string(size - r.pos()) + " trailing bytes after the value", r.pos());
  return v;
}

std::string to_yaml(const Value& v) {
  std::ostringstream os;
  os << "---\n";
  dump(v, 0, os);
  os << "...\n";
  return os.str();
}

}  // namespace rdna4emu::msgpack
