// The probe program of `rdna4-conformance probe` (harness/conformance/probe.py): runs
// probe kernels on raw inputs so that the caller can tell the emulator's candidate models
// of an UNVERIFIED assumption apart (docs/facts/unverified.md) on whatever device runs it.
// The kernels live in one file per family of assumptions (included below); each registers
// itself with PROBE_KERNEL (probe_kernel.h).
//
// usage: probes KERNEL < words      (words: hex 32-bit values, whitespace-separated)
//   prints the output words (hex) on one line, exit 0;
//   "FAULT <error>" and exit 3 when the kernel faults (e.g. an illegal instruction);
//   a usage/input error and exit 2.
// usage: probes --batch < lines     (each line: KERNEL hex-words...)
//   runs the lines in order, printing "OK <output words>" per line; at the first fault it
//   prints "FAULT <error>" and exits 3, at a bad line "ERROR <why>" and exits 2 (the caller
//   goes on in a new process: a device may not recover from a fault in the same process).
// Compiled twice: wave32 (default) and wave64 (-mwavefrontsize64 -DPROBE_WAVE64).
#include <hip/hip_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "probe_kernel.h"

#include "matrix.hip"
#include "valu_int.hip"
#include "valu_float.hip"
#include "valu_convert.hip"
#include "vop3p.hip"
#include "salu.hip"
#include "memory.hip"
#include "buffer.hip"

static int usage(const std::string& why) {
  std::fprintf(stderr, "probes: error: %s\nusage: probes KERNEL < hex-words | probes --batch < lines; kernels:",
               why.c_str());
  for (const Probe& p : probe_registry()) std::fprintf(stderr, " %s", p.name);
  std::fprintf(stderr, "\n");
  return 2;
}

static const Probe* find_probe(const std::string& name) {
  for (const Probe& p : probe_registry())
    if (name == p.name) return &p;
  return nullptr;
}

// Parses whitespace-separated hex words; false with *why on a bad word or count.
static bool parse_words(std::istream& is, const Probe& p, std::vector<uint32_t>* in, std::string* why) {
  std::string tok;
  while (is >> tok) {
    char* end = nullptr;
    const unsigned long v = std::strtoul(tok.c_str(), &end, 16);
    if (tok.size() > 8 || *end) {
      *why = "bad hex word '" + tok + "'";
      return false;
    }
    in->push_back(static_cast<uint32_t>(v));
  }
  if (static_cast<int>(in->size()) != p.in_words) {
    *why = std::string(p.name) + " takes " + std::to_string(p.in_words) + " input words, got " +
           std::to_string(in->size());
    return false;
  }
  return true;
}

// Runs one probe kernel. 0: *out holds the output words; 3: the kernel faulted (*why);
// 2: a setup error (*why).
static int run(const Probe& p, const std::vector<uint32_t>& in, std::vector<uint32_t>* out, std::string* why) {
  uint32_t *din = nullptr, *dout = nullptr;
  hipError_t e = hipMalloc(&din, in.size() * 4);
  if (e == hipSuccess) e = hipMalloc(&dout, p.out_words * 4);
  if (e == hipSuccess) e = hipMemcpy(din, in.data(), in.size() * 4, hipMemcpyHostToDevice);
  if (e == hipSuccess) e = hipMemset(dout, 0, p.out_words * 4);
  if (e != hipSuccess) {
    *why = hipGetErrorString(e);
    return 2;
  }
  void* args[] = {&din, &dout};
  e = hipLaunchKernel(p.kernel, dim3(1), dim3(p.lanes), args, 0, nullptr);
  if (e == hipSuccess) e = hipDeviceSynchronize();
  out->assign(p.out_words, 0);
  if (e == hipSuccess) e = hipMemcpy(out->data(), dout, out->size() * 4, hipMemcpyDeviceToHost);
  if (e != hipSuccess) {
    *why = hipGetErrorString(e);
    return 3;
  }
  (void)hipFree(din);
  (void)hipFree(dout);
  return 0;
}

static void print_words(const char* prefix, const std::vector<uint32_t>& out) {
  std::printf("%s", prefix);
  for (size_t i = 0; i < out.size(); ++i) std::printf(i || *prefix ? " %08x" : "%08x", out[i]);
  std::printf("\n");
  std::fflush(stdout);
}

int main(int argc, char** argv) {
  if (argc != 2) return usage("expected one KERNEL argument or --batch");
  std::string why;
  std::vector<uint32_t> in, out;
  if (std::strcmp(argv[1], "--batch") != 0) {
    const Probe* p = find_probe(argv[1]);
    if (!p) return usage(std::string("unknown kernel '") + argv[1] + "'");
    if (!parse_words(std::cin, *p, &in, &why)) return usage(why);
    const int rc = run(*p, in, &out, &why);
    if (rc == 3) std::printf("FAULT %s\n", why.c_str());
    if (rc == 2) std::fprintf(stderr, "probes: error: %s\n", why.c_str());
    if (rc) return rc;
    print_words("", out);
    return 0;
  }
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream is(line);
    std::string name;
    if (!(is >> name)) continue;
    const Probe* p = find_probe(name);
    in.clear();
    if (!p) why = "unknown kernel '" + name + "'";
    if (!p || !parse_words(is, *p, &in, &why)) {
      std::printf("ERROR %s\n", why.c_str());
      return 2;
    }
    const int rc = run(*p, in, &out, &why);
    if (rc) {
      std::printf("%s %s\n", rc == 3 ? "FAULT" : "ERROR", why.c_str());
      return rc;
    }
    print_words("OK", out);
  }
  return 0;
}
