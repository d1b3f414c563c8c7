// A small streaming JSON writer (C++17, header-only) for the files the suite writes, such
// as the layout probes' "rdna4-layout-probe/1" files (layout_probe.h). It writes strings
// (escaped per RFC 8259 section 7: '"', '\\' and every control character below 0x20;
// other bytes, UTF-8 included, pass through), integers, doubles (shortest round-trip
// "%.17g"; NaN and infinities, which JSON cannot hold, become null), booleans, null,
// arrays and objects.
//
// Layout is the caller's choice per container, so a file can be readable by eye:
//   Style::Block    every member on its own line, indented two spaces more than the line
//                   the container opened on; the closing bracket on a line of its own
//                   ("[]" / "{}" when empty);
//   Style::Inline   members on one line separated by ", ";
//   Style::Compact  members separated by "," without spaces (long number tables).
// same_line() puts the next member of a Block container after ", " on the current line;
// new_line() starts the next member of an Inline/Compact container on a new line (indented
// as a Block member would be). Misuse (a value where an object needs a key, unbalanced
// end_*, str() of an unfinished document) throws std::logic_error.
#pragma once

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace jsonw {

enum class Style { Block, Inline, Compact };

// `s` as the body of a JSON string (without the quotes).
inline std::string escape(std::string_view s) {
  std::string o;
  o.reserve(s.size());
  for (char ch : s) {
    const unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
      case '"': o += "\\\""; break;
      case '\\': o += "\\\\"; break;
      case '\b': o += "\\b"; break;
      case '\f': o += "\\f"; break;
      case '\n': o += "\\n"; break;
      case '\r': o += "\\r"; break;
      case '\t': o += "\\t"; break;
      default:
        if (c < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", c);
          o += buf;
        } else {
          o += ch;
        }
    }
  }
  return o;
}

class Writer {
 public:
  Writer& begin_object(Style st = Style::Block) { return open('{', true, st); }
  Writer& end_object() { return close('}', true); }
  Writer& begin_array(Style st = Style::Block) { return open('[', false, st); }
  Writer& end_array() { return close(']', false); }

  Writer& key(std::string_view k) {
    if (stack_.empty() || !stack_.back().object || key_pending_)
      throw std::logic_error("jsonw: key outside an object or after another key");
    separate();
    out_ += '"';
    out_ += escape(k);
    out_ += "\": ";
    key_pending_ = true;
    return *this;
  }

  Writer& value(std::string_view s) { return scalar("\"" + escape(s) + "\""); }
  Writer& value(const char* s) { return s ? value(std::string_view(s)) : null(); }
  Writer& value(const std::string& s) { return value(std::string_view(s)); }
  Writer& value(bool b) { return scalar(b ? "true" : "false"); }
  Writer& value(int v) { return scalar(std::to_string(v)); }
  Writer& value(long v) { return scalar(std::to_string(v)); }
  Writer& value(long long v) { return scalar(std::to_string(v)); }
  Writer& value(unsigned v) { return scalar(std::to_string(v)); }
  Writer& value(unsigned long v) { return scalar(std::to_string(v)); }
  Writer& value(unsigned long long v) { return scalar(std::to_string(v)); }
  Writer& value(double v) {
    if (!std::isfinite(v)) return null();
    char buf[32];
    for (int prec = 1; prec <= 17; ++prec) {  // shortest text that reads back as v
      std::snprintf(buf, sizeof buf, "%.*g", prec, v);
      if (std::strtod(buf, nullptr) == v) break;
    }
    return scalar(buf);
  }
  Writer& null() { return scalar("null"); }

  // Member shorthands: key(k).value(v).
  template <class T>
  Writer& member(std::string_view k, const T& v) { return key(k).value(v); }

  Writer& same_line() { same_line_ = true; return *this; }
  Writer& new_line() { new_line_ = true; return *this; }

  // The document; throws while a container is open or nothing was written.
  const std::string& str() const {
    if (!stack_.empty() || out_.empty()) throw std::logic_error("jsonw: unfinished document");
    return out_;
  }

 private:
  struct Frame {
    bool object;
    Style style;
    int line_indent;  // indent of the line the container opened on
    long count = 0;
  };

  void newline(int indent) {
    out_ += '\n';
    out_.append(size_t(indent), ' ');
    line_indent_ = indent;
  }
  // Before a value in an array or a key in an object.
  void separate() {
    if (stack_.empty()) {
      if (!out_.empty()) throw std::logic_error("jsonw: a second top-level value");
      return;
    }
    Frame& f = stack_.back();
    if (f.count > 0) out_ += ',';
    const bool block = f.style == Style::Block;
    if ((block && !same_line_) || (!block && new_line_))
      newline(f.line_indent + 2);
    else if (f.count > 0 && f.style != Style::Compact)
      out_ += ' ';
    same_line_ = new_line_ = false;
    ++f.count;
  }
  // Before any value: in an object it must follow a key.
  void before_value() {
    if (!stack_.empty() && stack_.back().object) {
      if (!key_pending_) throw std::logic_error("jsonw: object member without a key");
      key_pending_ = false;
    } else {
      separate();
    }
  }
  Writer& scalar(const std::string& text) {
    before_value();
    out_ += text;
    return *this;
  }
  Writer& open(char bracket, bool object, Style st) {
    before_value();
    out_ += bracket;
    stack_.push_back({object, st, line_indent_});
    return *this;
  }
  Writer& close(char bracket, bool object) {
    if (stack_.empty() || stack_.back().object != object || key_pending_)
      throw std::logic_error("jsonw: unbalanced end_object/end_array");
    const Frame f = stack_.back();
    stack_.pop_back();
    if (f.style == Style::Block && f.count > 0) newline(f.line_indent);
    out_ += bracket;
    same_line_ = new_line_ = false;
    return *this;
  }

  std::string out_;
  std::vector<Frame> stack_;
  int line_indent_ = 0;
  bool key_pending_ = false, same_line_ = false, new_line_ = false;
};

}  // namespace jsonw
