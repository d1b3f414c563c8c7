// Device printf, host side: the buffer a kernel's hidden_hostcall_buffer argument points
// at, and the formatting of its records when the launch ends (device side and record
// layout: include/hip/hipemu_printf.h). Launches run synchronously, so each kernel's
// output is printed on stdout before hipLaunchKernel returns, in the order the messages
// began (printf_begin's message ids).
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "runtime.h"

namespace hipemu {

namespace {

constexpr uint64_t kHeader = 64;
constexpr uint64_t kCapacity = uint64_t(1) << 20;  // record bytes per launch

struct Record {
  uint64_t id, order;
  unsigned kind;
  uint32_t count;
  const uint8_t* payload;
};

// One message: the format (first string record), then the arguments in order.
std::string format_message(const std::vector<const Record*>& recs) {
  std::string fmt;
  std::vector<uint64_t> values;
  std::vector<std::string> strings;
  std::vector<bool> null_strings;
  bool have_fmt = false;
  for (const Record* r : recs) {
    if (r->kind == 1) {
      for (uint32_t i = 0; i < r->count && i < 7; ++i) {
        uint64_t v;
        std::memcpy(&v, r->payload + 8 * i, 8);
        values.push_back(v);
      }
    } else {
      std::string s = r->kind == 2 ? std::string(reinterpret_cast<const char*>(r->payload), r->count)
                                   : std::string();
      if (size_t z = s.find('\0'); z != std::string::npos) s.resize(z);  // the length counts the NUL
      if (!have_fmt) {
        fmt = s;
        have_fmt = true;
      } else {
        strings.push_back(s);
        null_strings.push_back(r->kind == 3);
      }
    }
  }
  size_t vi = 0, si = 0;
  auto next_value = [&]() -> uint64_t { return vi < values.size() ? values[vi++] : 0; };
  std::string out;
  char buf[512];
  for (size_t i = 0; i < fmt.size();) {
    if (fmt[i] != '%') {
      out += fmt[i++];
      continue;
    }
    size_t j = i + 1;
    if (j < fmt.size() && fmt[j] == '%') {
      out += '%';
      i = j + 1;
      continue;
    }
    std::string spec = "%";
    while (j < fmt.size() && std::strchr("-+ #0", fmt[j])) spec += fmt[j++];
    auto number = [&]() {
      if (j < fmt.size() && fmt[j] == '*') {
        spec += std::to_string(int32_t(next_value()));
        ++j;
      } else {
        while (j < fmt.size() && fmt[j] >= '0' && fmt[j] <= '9') spec += fmt[j++];
      }
    };
    number();
    if (j < fmt.size() && fmt[j] == '.') {
      spec += fmt[j++];
      number();
    }
    std::string len;
    while (j < fmt.size() && std::strchr("hljztL", fmt[j])) len += fmt[j++];
    if (j >= fmt.size()) {
      out += fmt.substr(i);
      break;
    }
    char conv = fmt[j++];
    i = j;
    if (std::strchr("diouxXc", conv)) {
      uint64_t v = next_value();
      if (conv == 'c') {
        std::snprintf(buf, sizeof buf, (spec + "c").c_str(), int(v));
      } else if (conv == 'd' || conv == 'i') {
        long long s = len == "hh" ? (long long)int8_t(v) : len == "h" ? (long long)int16_t(v)
                      : len.empty() ? (long long)int32_t(v) : (long long)v;
        std::snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(), s);
      } else {
        unsigned long long u = len == "hh" ? (unsigned long long)uint8_t(v)
                               : len == "h" ? (unsigned long long)uint16_t(v)
                               : len.empty() ? (unsigned long long)uint32_t(v) : v;
        std::snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(), u);
      }
      out += buf;
    } else if (std::strchr("feEgGaAF", conv)) {
      uint64_t v = next_value();
      double d;
      std::memcpy(&d, &v, 8);
      std::snprintf(buf, sizeof buf, (spec + conv).c_str(), d);
      out += buf;
    } else if (conv == 'p') {
      std::snprintf(buf, sizeof buf, (spec + "p").c_str(), reinterpret_cast<void*>(next_value()));
      out += buf;
    } else if (conv == 's') {
      bool null = si < null_strings.size() ? null_strings[si] : true;
      std::string s = si < strings.size() ? strings[si] : std::string();
      ++si;
      if (null) s = "(null)";
      std::vector<char> b(s.size() + 512);
      std::snprintf(b.data(), b.size(), (spec + "s").c_str(), s.c_str());
      out += b.data();
    } else if (conv == 'n') {
      next_value();
    } else {
      out += fmt.substr(i - (j - i), 0);
      out += spec + len + conv;  // unknown conversion: printed as written
    }
  }
  return out;
}

}  // namespace

uint64_t printf_buffer_begin(rdna4emu::Device& d, const rdna4emu::KernelInfo& k,
                             std::vector<uint8_t>& kernarg) {
  const rdna4emu::KernelArg* a = k.find_arg("hidden_hostcall_buffer");
  if (!a || a->size < 8 || size_t(a->offset) + 8 > kernarg.size()) return 0;
  uint64_t buf = d.alloc(kHeader + kCapacity, 256);
  if (!buf) return 0;  // the kernel then sees a null buffer and prints nothing
  const uint64_t header[4] = {0, 0, kCapacity, 0};
  d.write(buf, header, sizeof header);
  std::memcpy(kernarg.data() + a->offset, &buf, 8);
  return buf;
}

void printf_buffer_end(rdna4emu::Device& d, uint64_t buf, const char* kernel) {
  if (!buf) return;
  uint64_t header[4];
  std::vector<uint8_t> data;
  if (d.read(buf, header, sizeof header)) {
    uint64_t used = std::min(header[0], kCapacity);
    data.resize(used);
    if (used && !d.read(buf + kHeader, data.data(), used)) data.clear();
  }
  d.free(buf);
  std::vector<Record> recs;
  for (size_t off = 0; off + 16 <= data.size();) {
    Record r;
    uint64_t w1;
    std::memcpy(&r.id, &data[off], 8);
    std::memcpy(&w1, &data[off + 8], 8);
    r.kind = unsigned(w1 & 0xff);
    r.count = uint32_t(w1 >> 32);
    r.order = off;
    r.payload = &data[off + 16];
    size_t size = r.kind == 1 ? 72 : 16 + (uint64_t(r.count) + 7) / 8 * 8;
    if (r.id == 0 || r.kind < 1 || r.kind > 3 || off + size > data.size()) break;  // unwritten
    recs.push_back(r);
    off += size;
  }
  std::stable_sort(recs.begin(), recs.end(),
                   [](const Record& x, const Record& y) { return x.id < y.id; });
  for (size_t i = 0; i < recs.size();) {
    std::vector<const Record*> msg;
    size_t j = i;
    for (; j < recs.size() && recs[j].id == recs[i].id; ++j) msg.push_back(&recs[j]);
    std::string s = format_message(msg);
    std::fwrite(s.data(), 1, s.size(), stdout);
    i = j;
  }
  std::fflush(stdout);
  if (header[3])
    std::fprintf(stderr, "hipemu: kernel %s: device printf buffer full, %llu records dropped\n",
                 kernel, (unsigned long long)header[3]);
}

}  // namespace hipemu
