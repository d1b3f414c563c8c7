// Runtime configuration from the environment and creation of the device.
//
//   RDNA4_EMU_ARCH     gfx1201 (default) or gfx1200: the device emulated and the
//                      bundle entry picked from each program
//   RDNA4_EMU_BUDGET   instruction budget per launch (wave-instructions, > 0)
//   RDNA4_EMU_TIMEOUT  wall-time watchdog per launch in seconds (default 10; 0 = none)
//   RDNA4_EMU_THREADS  host threads per launch (0 = all cores)
//   RDNA4_EMU_HAZARDS  strict (default) | off
//   RDNA4_EMU_TRACE    1: print every executed instruction to stderr
//   RDNA4_EMU_STATS    1: print each launch's statistics to stderr
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "runtime.h"

namespace hipemu {

Runtime& rt() {
  static Runtime* r = new Runtime;  // never destroyed: used from atexit handlers
  return *r;
}

namespace {

bool parse_u64(const char* var, const char* s, uint64_t min, uint64_t* out) {
  errno = 0;
  char* end = nullptr;
  if (*s == '-' || *s == '\0') {
    std::fprintf(stderr, "hipemu: %s='%s' is not a non-negative integer\n", var, s);
    return false;
  }
  unsigned long long v = std::strtoull(s, &end, 0);
  if (errno || *end != '\0' || v < min) {
    std::fprintf(stderr, "hipemu: %s='%s' is not an integer >= %llu\n", var, s,
                 static_cast<unsigned long long>(min));
    return false;
  }
  *out = v;
  return true;
}

bool parse_flag(const char* var, const char* s, bool* out) {
  if (!std::strcmp(s, "1") || !std::strcmp(s, "on") || !std::strcmp(s, "true")) *out = true;
  else if (!std::strcmp(s, "0") || !std::strcmp(s, "off") || !std::strcmp(s, "false") || !*s)
    *out = false;
  else {
    std::fprintf(stderr, "hipemu: %s='%s' must be 1 or 0\n", var, s);
    return false;
  }
  return true;
}

}  // namespace

bool configure(Runtime& r) {
  if (r.configured) return r.config_ok;
  r.configured = true;
  bool ok = true;
  const char* a = std::getenv("RDNA4_EMU_ARCH");
  r.arch = (a && *a) ? a : "gfx1201";
  if (r.arch != "gfx1201" && r.arch != "gfx1200") {
    std::fprintf(stderr,
                 "hipemu: RDNA4_EMU_ARCH='%s' is not an emulated device (use gfx1201 or "
                 "gfx1200)\n",
                 r.arch.c_str());
    ok = false;
  }
  if (const char* s = std::getenv("RDNA4_EMU_BUDGET"); s && *s) {
    uint64_t v;
    if (parse_u64("RDNA4_EMU_BUDGET", s, 1, &v)) r.options.instruction_budget = v;
    else ok = false;
  }
  if (const char* s = std::getenv("RDNA4_EMU_TIMEOUT"); s && *s) {
    errno = 0;
    char* end = nullptr;
    double v = std::strtod(s, &end);
    if (errno || *end != '\0' || !(v >= 0) || v > 1e6) {
      std::fprintf(stderr,
                   "hipemu: RDNA4_EMU_TIMEOUT='%s' is not a number of seconds in [0, 1e6] (0 = no "
                   "limit)\n",
                   s);
      ok = false;
    } else {
      r.timeout_seconds = v;
    }
  }
  if (const char* s = std::getenv("RDNA4_EMU_THREADS"); s && *s) {
    uint64_t v;
    if (parse_u64("RDNA4_EMU_THREADS", s, 0, &v) && v <= 1024) r.options.threads = unsigned(v);
    else {
      if (ok) std::fprintf(stderr, "hipemu: RDNA4_EMU_THREADS must be 0..1024\n");
      ok = false;
    }
  }
  if (const char* s = std::getenv("RDNA4_EMU_HAZARDS"); s && *s) {
    if (!std::strcmp(s, "strict")) r.options.hazards = rdna4emu::HazardMode::Strict;
    else if (!std::strcmp(s, "off")) r.options.hazards = rdna4emu::HazardMode::Off;
    else {
      std::fprintf(stderr, "hipemu: RDNA4_EMU_HAZARDS='%s' must be strict or off\n", s);
      ok = false;
    }
  }
  if (const char* s = std::getenv("RDNA4_EMU_TRACE"); s && *s)
    ok = parse_flag("RDNA4_EMU_TRACE", s, &r.options.trace) && ok;
  if (const char* s = std::getenv("RDNA4_EMU_STATS"); s && *s)
    ok = parse_flag("RDNA4_EMU_STATS", s, &r.print_stats) && ok;
  if (!ok) std::fprintf(stderr, "hipemu: invalid configuration: no device available\n");
  r.config_ok = ok;
  return ok;
}

rdna4emu::Device* device(Runtime& r) {
  if (!configure(r)) return nullptr;
  if (!r.device) {
    r.device = std::make_unique<rdna4emu::Device>(r.arch);
    map_host_blocks(r, *r.device);  // pinned host memory survives hipDeviceReset
  }
  return r.device.get();
}

}  // namespace hipemu
