// Layout probe for the wave64 transpose loads (global_load_tr_b128 as _v4f16/_v4i16/_v4bf16,
// global_load_tr_b64_i32, compiled with -mwavefrontsize64): every lane s fetches its own
// index-coded data (element e of lane s holds 4*s + e; B128: 4 halves, B64: 4 bytes per lane,
// docs/facts/transpose.md#transpose-wave64), so each result element names the lane and
// element it came from. No mapping is documented for wave64: the measured map is compared
// with the three block transposes that generalise the wave32 rules to half-width lanes
// (Inputs/cpu-reference/load_tr_w64.h: tr4x4, tr8x4x8, tr16i); the probe fails when it
// matches none, and requires i16 and bf16 to share the f16 map. JSON: "rdna4-layout-probe/1",
// wave_size 64, operands.transpose.<builtin> (mapping rows dst_lane, dst_element, src_lane,
// src_element) with the candidate it matches.
//
// ASSUMES: tr_wave64
// RUN: %hipcc -O2 -mwavefrontsize64 %s -o %t
// RUN: %run %t %t.json | FileCheck %s
// RUN: %python -c "import json,sys; d=json.load(open(sys.argv[1])); t=d['operands']['transpose']; assert d['wave_size']==64 and len(t)==4 and all(v['matches_model'] for v in t.values()), d['differences'][:5]" %t.json
// CHECK: global_load_tr_b128_v4f16: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: global_load_tr_b128_v4i16: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: global_load_tr_b128_v4bf16: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: global_load_tr_b64_i32: matches candidate {{tr4x4|tr8x4x8|tr16i}}; UNVERIFIED model tr_wave64
// CHECK: i16 and bf16 share the f16 map: yes
// CHECK: layout written to
// CHECK: PASS global_load_tr_w64_layout device={{emu|hw}}
#include <hip/hip_runtime.h>

#include "probe.h"
#include "../../Inputs/cpu-reference/load_tr_w64.h"

typedef __fp16 v4fp16 __attribute__((ext_vector_type(4)));
typedef short v4s __attribute__((ext_vector_type(4)));
typedef __bf16 v4bf __attribute__((ext_vector_type(4)));

#define TR_KERNEL(NAME, VEC)                                                                \
  __global__ void k_##NAME(const uint8_t* base, const uint32_t* offsets, uint32_t* out) {  \
    const size_t lane = size_t(blockIdx.x) * 64 + threadIdx.x;                              \
    const VEC v = __builtin_amdgcn_##NAME((__attribute__((address_space(1))) VEC*)(base + offsets[lane])); \
    __builtin_memcpy(out + lane * ((sizeof(VEC) + 3) / 4), &v, sizeof(VEC));              \
  }
TR_KERNEL(global_load_tr_b128_v4f16, v4fp16)
TR_KERNEL(global_load_tr_b128_v4i16, v4s)
TR_KERNEL(global_load_tr_b128_v4bf16, v4bf)
TR_KERNEL(global_load_tr_b64_i32, int)

struct Measured {
  std::vector<tr64::Src> src;  // [L*4 + j]
  bool ok = true;
};

static Measured measure(const void* kernel, bool b128) {
  const int eb = b128 ? 2 : 1, regs = b128 ? 2 : 1;
  // Lane s's 4 elements at byte offset 32*s (spread out); element e holds 4*s + e (B128: with
  // 0x3c00 above, finite f16 patterns; B64: one byte, 0..255).
  std::vector<uint8_t> buf(32 * 64, 0xee);
  std::vector<uint32_t> offs(64);
  for (int s = 0; s < 64; ++s) {
    offs[s] = uint32_t(32 * s);
    for (int e = 0; e < 4; ++e) {
      const uint32_t v = uint32_t(4 * s + e) | (b128 ? 0x3c00u : 0u);
      for (int b = 0; b < eb; ++b) buf[offs[s] + e * eb + b] = uint8_t(v >> (8 * b));
    }
  }
  rt::DevBuf<uint8_t> dbuf(buf);
  rt::DevBuf<uint32_t> doffs(offs), dout(64 * regs);
  dout.zero();
  const uint8_t* pb = dbuf.p;
  const uint32_t* po = doffs.p;
  uint32_t* pout = dout.p;
  rt::launch(kernel, dim3(1), dim3(64), {&pb, &po, &pout});
  const std::vector<uint32_t> out = dout.download();
  Measured m;
  for (int L = 0; L < 64; ++L)
    for (int j = 0; j < 4; ++j) {
      const uint32_t r = out[L * regs + (b128 ? j / 2 : 0)];
      uint32_t v = b128 ? (r >> (16 * (j % 2))) & 0xffff : (r >> (8 * j)) & 0xff;
      if (b128) {
        if ((v & 0xff00) != 0x3c00) m.ok = false;
        v &= 0xff;
      }
      m.src.push_back({int(v / 4), int(v % 4)});
    }
  return m;
}

int main(int argc, char** argv) {
  const char* name = "global_load_tr_w64_layout";
  rt::print_device_header(name);
  struct B {
    const char* builtin;
    const void* kernel;
    bool b128;
  } bs[] = {{"global_load_tr_b128_v4f16", (const void*)k_global_load_tr_b128_v4f16, true},
            {"global_load_tr_b128_v4i16", (const void*)k_global_load_tr_b128_v4i16, true},
            {"global_load_tr_b128_v4bf16", (const void*)k_global_load_tr_b128_v4bf16, true},
            {"global_load_tr_b64_i32", (const void*)k_global_load_tr_b64_i32, false}};
  std::vector<std::string> diffs;
  std::string jt;
  std::vector<Measured> ms;
  bool all_ok = true;
  for (const B& b : bs) {
    Measured m = measure(b.kernel, b.b128);
    std::string matched;
    for (const tr64::Candidate& c : tr64::candidates()) {
      bool eq = true;
      for (int L = 0; L < 64 && eq; ++L)
        for (int j = 0; j < 4 && eq; ++j) eq = m.src[L * 4 + j] == c.map(L, j);
      if (eq) matched = c.name;
    }
    std::string mapping;
    for (int L = 0; L < 64; ++L)
      for (int j = 0; j < 4; ++j) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%s[%d,%d,%d,%d]", mapping.empty() ? "" : ",", L, j, m.src[L * 4 + j].lane,
                      m.src[L * 4 + j].elem);
        mapping += buf;
      }
    if (!m.ok) diffs.push_back(std::string(b.builtin) + ": result elements not taken from the fetched data");
    if (matched.empty()) diffs.push_back(std::string(b.builtin) + ": the measured map matches none of tr4x4, tr8x4x8, tr16i");
    const bool ok = m.ok && !matched.empty();
    all_ok = all_ok && ok;
    if (ok)
      std::printf("%s: matches candidate %s; UNVERIFIED model tr_wave64\n", b.builtin, matched.c_str());
    else
      std::printf("%s: DIFFERS from every candidate (see the JSON mapping)\n", b.builtin);
    char head[512];
    std::snprintf(head, sizeof head,
                  "    \"%s\": {\"bits\": %d, \"lanes\": 64, \"elements\": 4, \"model\": \"%s\", \"matches_model\": %s,\n"
                  "      \"mapping_columns\": [\"dst_lane\", \"dst_element\", \"src_lane\", \"src_element\"],\n      \"mapping\": [",
                  b.builtin, b.b128 ? 16 : 8, matched.empty() ? "none" : matched.c_str(), ok ? "true" : "false");
    jt += std::string(jt.empty() ? "" : ",\n") + head + mapping + "]}";
    ms.push_back(m);
  }
  bool share = true;
  for (int x = 0; x < 256; ++x)
    for (int v = 1; v < 3; ++v)
      if (!(ms[v].src[x] == ms[0].src[x])) share = false;
  std::printf("i16 and bf16 share the f16 map: %s\n", share ? "yes" : "NO");
  if (!share) {
    all_ok = false;
    diffs.push_back("global_load_tr_b128: the i16 or bf16 map differs from the f16 map");
  }
  const char* status = rt::on_emulator() ? "emulator measurement: shows the emulator's model, not a hardware fact"
                                         : "hardware measurement";
  std::string j = probe::header_json(name, "global_load_tr_*", "global_load_tr_b128 / global_load_tr_b64 (wave64)",
                                     status, 64);
  j += "  \"documented_source\": \"none: docs/facts/transpose.md#transpose-wave64 (candidates: Inputs/cpu-reference/load_tr_w64.h)\",\n";
  j += "  \"addressing\": \"lane s fetches 4 elements at byte offset 32*s; element e of lane s holds 4*s+e\",\n";
  j += "  \"operands\": {\"transpose\": {\n" + jt + "\n  }},\n";
  j += std::string("  \"i16_bf16_share_f16_permutation\": ") + (share ? "true" : "false") + ",\n";
  j += "  \"mismatches\": " + std::to_string(diffs.size()) + ",\n  \"differences\": [";
  for (size_t i = 0; i < diffs.size(); ++i)
    j += std::string(i ? ",\n    " : "\n    ") + "\"" + probe::json_escape(diffs[i]) + "\"";
  j += diffs.empty() ? "],\n" : "\n  ],\n";
  j += "  \"unverified\": [\"wave64 transpose mapping (docs/facts/unverified.md#tr_wave64)\"]\n}\n";
  if (!probe::write_file(probe::output_path(name, argc, argv), j)) return 1;
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
  if (!all_ok) {
    std::printf("FAIL %s: measured map matches no candidate (see above) %s\n", name, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", name, rt::device_tag().c_str());
  return 0;
}
