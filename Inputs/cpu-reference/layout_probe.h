// Layout probes (runtime/layout/*.hip), library side: measure, rather than assume, where the
// elements of a WMMA's A, B, C/D operands and a transpose load's result land,
// write the measurement to a JSON file and compare it with the documented
// layouts (Inputs/cpu-reference/fragments.h: docs/facts/layouts.md, docs/facts/transpose.md).
//
// WMMA method (only the hardware's incidence structure is observable):
//  for every A register field F (lane, VGPR, bit offset) and digit d = 0, 1, 2:
//    A = 1 in field F only, C = 0, and every B field G holds
//    digit_d(code(G)) + 1 (code(G) = G's index among all B fields, base 8).
//  Then D is nonzero exactly in the D fields of F's row, and the value in each
//  names (over the three digits) the B field G that was multiplied with F
//  there. From this:
//    row of F      = documented row of the D fields F reaches,
//    col of G      = documented column of the D fields G reaches,
//    K of F (of G) = documented K of the B (A) fields paired with it: the K
//                    order is observable as the pairing of A and B fields
//                    (A and B see different index codes), not as absolute K,
//    (i, j) of a D field = documented row/col of the A/B fields reaching it.
//  Each is compared with the documented formulas; every difference is listed.
//
// JSON file ("rdna4-layout-probe/1"): path = argv[1], else
// $RDNA4_LAYOUT_DIR/<probe>.json, else /tmp/<probe>.layout.json (never the
// source tree). Fields: probe, instruction, builtin, device, arch, status,
// documented_source, operands.{A,B,D}.fields[] = {lane, gpr, bit, measured
// {row|col, k} or {row, col}, documented {...}, match}, differences[],
// unverified[].
//
// Wave64 (Spec::wave = 64): the same method over 64 lanes, compared with
// docs/facts/layouts.md#wave64-layouts; fields the documentation leaves unused
// (wave64 iu4 16x16x16 lanes 32-63) must reach nothing ("documented": null).
//
// SWMMAC method (probe_swmmac): A is the compressed operand (two kept values
// per row and group of four K; slot s = 2*group + v holds kept value v), the
// index VGPR says where in the group each kept value sits.
//  1. A/B/D incidence as for WMMA, run twice with every index nibble set to
//     the pair (0,1) and then (2,3): A field F multiplies B[4g + pos_v][j], so
//     the B field codes give F's row, group g and value v (k%4 = v under
//     (0,1), 2+v under (2,3)); B fields get col and absolute k, D fields
//     row and col.
//  2. index: A = 1 everywhere, B[k][j] = 1 iff k%4 < 2 and k/4 == j % G (G =
//     groups), every nibble (0,1) but one nibble N set to (2,3): D[i][j] drops
//     from 2 to 0 exactly where N governs row i, group j % G. Done per
//     index_key kernel given (index set `key` at bit key*32/sets).
// Documented: docs/facts/layouts.md#swmmac-layout (AMD Matrix Instruction
// Calculator; Inputs/cpu-reference/sparse.h writes the same formulas).
//
// Transpose-load probes (probe_tr: wave32 global_load_tr_b128 f16/i16/bf16 and
// b64; probe_tr_w64: the wave64 forms): lane s fetches its own index-coded data
// (element e of lane s holds 8*s + e, wave64: 4*s + e), so each result element
// names the lane and element it came from; compared with
// docs/facts/transpose.md (wave32) or the candidates of load_tr_w64.h (wave64).
//
// Compiled once per build into librdna4ref (librdna4ref.cpp: rdna4ref::probe_wmma,
// probe_swmmac, probe_tr, probe_tr_w64 in api.h); a probe's translation unit keeps
// its kernels and calls the thin wrappers of runtime/layout/probe.h. No HIP here.
// The namespace is layout_probe, not probe: the wrappers in probe.h are TU-side
// inlines and must not share a name and signature with these.
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "api.h"
#include "device.h"
#include "fragments.h"
#include "load_tr_w64.h"
#include "sparse.h"
#include "wmma_dense.h"

namespace layout_probe {

using TrKernel = ::rdna4ref::TrKernel;


struct Field {
  int lane, gpr, bit;
};

inline std::vector<Field> fields(int regs, int bits, int lanes = 32) {
  std::vector<Field> v;
  for (int L = 0; L < lanes; ++L)
    for (int g = 0; g < regs; ++g)
      for (int b = 0; b < 32; b += bits) v.push_back({L, g, b});
  return v;
}
inline int field_index(const Field& f, int regs, int bits) {
  return (f.lane * regs + f.gpr) * (32 / bits) + f.bit / bits;
}

inline std::string json_escape(const std::string& s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\') o += '\\';
    if (c == '\n') {
      o += "\\n";
      continue;
    }
    o += c;
  }
  return o;
}

inline std::string output_path(const char* probe_name, int argc, char** argv) {
  if (argc > 1 && argv[1][0]) return argv[1];
  if (const char* d = std::getenv("RDNA4_LAYOUT_DIR"); d && *d) return std::string(d) + "/" + probe_name + ".json";
  return std::string("/tmp/") + probe_name + ".layout.json";
}

inline bool write_file(const std::string& path, const std::string& text) {
  FILE* f = std::fopen(path.c_str(), "w");
  if (!f) {
    std::printf("FAIL: cannot write the layout file %s\n", path.c_str());
    return false;
  }
  std::fputs(text.c_str(), f);
  std::fclose(f);
  std::printf("layout written to %s\n", path.c_str());
  return true;
}

inline std::string header_json(const char* probe_name, const char* builtin, const char* instruction,
                               const char* status, int wave = 32) {
  std::string j = "{\n  \"schema\": \"rdna4-layout-probe/1\",\n";
  j += "  \"probe\": \"" + std::string(probe_name) + "\",\n";
  j += "  \"builtin\": \"__builtin_amdgcn_" + std::string(builtin) + "\",\n";
  j += "  \"instruction\": \"" + std::string(instruction) + "\",\n";
  j += "  \"device\": \"" + rt::device_info().label + "\",\n";
  j += "  \"arch\": \"" + rt::device_info().arch + "\",\n";
  j += "  \"device_name\": \"" + json_escape(rt::device_info().name) + "\",\n";
  j += "  \"wave_size\": " + std::to_string(wave) + ",\n";
  j += "  \"status\": \"" + json_escape(status) + "\",\n";
  return j;
}

// ---- WMMA probe ----------------------------------------------------------------------
inline int probe_wmma(const char* probe_name, const wt::Spec& s, const char* instruction, const void* kernel,
                      int argc, char** argv) {
  rt::print_device_header(probe_name);
  const int W = s.wave;
  const int ar = ref::ab_regs(s.layout, W), abits = wt::elem_bits(s.a), K = ref::ab_depth(s.layout);
  const int dr = wt::acc_regs(s.acc, W), dbits = wt::acc_bits(s.acc);
  const std::vector<Field> af = fields(ar, abits, W), df = fields(dr, dbits, W);
  const int nf = int(af.size());  // = number of B fields too
  // Documented positions (wave64: docs/facts/layouts.md#wave64-layouts; fields the
  // documentation leaves unused, e.g. lanes 32-63 of iu4 16x16x16, map to (-1, -1)).
  std::map<std::tuple<int, int, int>, std::pair<int, int>> doc_ab;  // field -> (row or col, k)
  for (const Field& f : af) doc_ab[{f.lane, f.gpr, f.bit}] = {-1, -1};
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < K; ++k) {
      ref::Slot sl = ref::ab_slot(s.layout, i, k, W);
      doc_ab[{sl.lane, sl.gpr, sl.bit}] = {i, k};
    }
  std::map<std::tuple<int, int, int>, std::pair<int, int>> doc_d;  // D field -> (i, j)
  for (const Field& f : df) doc_d[{f.lane, f.gpr, f.bit}] = {-1, -1};
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      ref::Slot sl = dbits == 32 ? ref::cd32_slot(i, j, W) : ref::cd16_slot(i, j, W);
      doc_d[{sl.lane, sl.gpr, sl.bit}] = {i, j};
    }
  auto key = [](const Field& f) { return std::make_tuple(f.lane, f.gpr, f.bit); };

  // Build the cases: nf A fields x `digits` base-8 digits of the B field codes.
  int digits = 1;
  for (long span = 8; span < nf; span *= 8) ++digits;
  const size_t nc = size_t(nf) * digits;
  std::vector<uint32_t> ha(nc * W * ar, 0), hb(nc * W * ar, 0), hc(nc * W * dr, 0);
  const uint32_t one_a = wt::is_int(s.a) ? 1u : wt::elem_encode(s.a, 1.0);
  for (int a = 0; a < nf; ++a)
    for (int d = 0; d < digits; ++d) {
      const size_t n = size_t(a) * digits + d;
      std::vector<uint32_t> ia(W * ar, 0), ib(W * ar, 0);
      ref::put_field(ia, ar, {af[a].lane, af[a].gpr, af[a].bit}, abits, one_a);
      int div = 1;
      for (int t = 0; t < d; ++t) div *= 8;
      for (int g = 0; g < nf; ++g) {
        const int digit = (g / div) % 8 + 1;
        const uint32_t v = wt::is_int(s.b) ? uint32_t(digit) : wt::elem_encode(s.b, double(digit));
        ref::put_field(ib, ar, {af[g].lane, af[g].gpr, af[g].bit}, abits, v);
      }
      std::copy(ia.begin(), ia.end(), ha.begin() + n * ia.size());
      std::copy(ib.begin(), ib.end(), hb.begin() + n * ib.size());
    }
  rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), dd(nc * W * dr);
  dd.zero();
  {
    const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p;
    uint32_t* pd = dd.p;
    rt::launch(kernel, rt::Dim(unsigned(nc)), rt::Dim(unsigned(W)), {&pa, &pb, &pc, &pd});
  }
  const std::vector<uint32_t> hd = dd.download();

  std::vector<std::string> diffs;
  auto diff = [&](const std::string& m) {
    if (diffs.size() < 2000) diffs.push_back(m);
  };
  // Per A field: reached D fields and paired B field codes.
  std::vector<std::set<int>> a_rows(nf), a_ks(nf);            // documented row / paired-B doc k
  std::vector<std::set<int>> b_cols(nf), b_ks(nf);            // documented col / paired-A doc k
  std::vector<std::set<int>> d_rows(df.size()), d_cols(df.size());
  for (int a = 0; a < nf; ++a) {
    std::map<int, int> code;  // D field index -> code (accumulated over digits)
    std::vector<std::set<int>> reached(digits);
    for (int d = 0; d < digits; ++d) {
      const size_t n = size_t(a) * digits + d;
      std::vector<uint32_t> img(hd.begin() + n * W * dr, hd.begin() + (n + 1) * W * dr);
      for (size_t x = 0; x < df.size(); ++x) {
        const uint32_t raw = ref::get_field(img, dr, {df[x].lane, df[x].gpr, df[x].bit}, dbits);
        const double v = wt::acc_decode(s.acc, raw);
        if (v == 0) continue;
        reached[d].insert(int(x));
        const int digit = int(v) - 1;
        if (double(int(v)) != v || digit < 0 || digit > 7) {
          char buf[160];
          std::snprintf(buf, sizeof buf, "A field (lane %d, VGPR %d, bit %d): unexpected D value %g in D field (lane %d, VGPR %d, bit %d)",
                        af[a].lane, af[a].gpr, af[a].bit, v, df[x].lane, df[x].gpr, df[x].bit);
          diff(buf);
          continue;
        }
        int mul = 1;
        for (int t = 0; t < d; ++t) mul *= 8;
        code[int(x)] += digit * mul;
      }
    }
    bool same = true;
    for (int d = 1; d < digits; ++d) same = same && reached[d] == reached[0];
    if (!same) {
      char buf[120];
      std::snprintf(buf, sizeof buf, "A field (lane %d, VGPR %d, bit %d): reaches different D fields in different runs",
                    af[a].lane, af[a].gpr, af[a].bit);
      diff(buf);
    }
    for (int x : reached[0]) {
      const auto dp = doc_d[key(df[x])];
      a_rows[a].insert(dp.first);
      const int g = code.count(x) ? code[x] : -1;
      if (g < 0 || g >= nf) continue;
      const auto bdoc = doc_ab[key(af[g])];  // documented (col, k) of the paired B field
      a_ks[a].insert(bdoc.second);
      b_cols[g].insert(dp.second);
      b_ks[g].insert(doc_ab[key(af[a])].second);
      d_rows[x].insert(doc_ab[key(af[a])].first);
      d_cols[x].insert(bdoc.first);
    }
  }

  // Compare and build JSON.
  long mismatches = 0;
  auto one = [](const std::set<int>& st) { return st.size() == 1 ? *st.begin() : -1; };
  auto fmt_set = [](const std::set<int>& st) {
    if (st.empty()) return std::string("null");
    if (st.size() == 1) return std::to_string(*st.begin());
    std::string o = "[";
    for (int v : st) o += (o.size() > 1 ? "," : "") + std::to_string(v);
    return o + "]";
  };
  auto num = [](int v) { return v < 0 ? std::string("null") : std::to_string(v); };
  std::string ja, jb, jd;
  for (int a = 0; a < nf; ++a) {
    const auto doc = doc_ab[key(af[a])];
    // A: row, K
    const bool ma = one(a_rows[a]) == doc.first && one(a_ks[a]) == doc.second;
    // B: col, K
    const bool mb = one(b_cols[a]) == doc.first && one(b_ks[a]) == doc.second;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "      {\"lane\": %d, \"gpr\": %d, \"bit\": %d, \"measured\": {\"row\": %s, \"k\": %s}, "
                  "\"documented\": {\"row\": %s, \"k\": %s}, \"match\": %s}",
                  af[a].lane, af[a].gpr, af[a].bit, fmt_set(a_rows[a]).c_str(), fmt_set(a_ks[a]).c_str(),
                  num(doc.first).c_str(), num(doc.second).c_str(), ma ? "true" : "false");
    ja += std::string(ja.empty() ? "" : ",\n") + buf;
    std::snprintf(buf, sizeof buf,
                  "      {\"lane\": %d, \"gpr\": %d, \"bit\": %d, \"measured\": {\"col\": %s, \"k\": %s}, "
                  "\"documented\": {\"col\": %s, \"k\": %s}, \"match\": %s}",
                  af[a].lane, af[a].gpr, af[a].bit, fmt_set(b_cols[a]).c_str(), fmt_set(b_ks[a]).c_str(),
                  num(doc.first).c_str(), num(doc.second).c_str(), mb ? "true" : "false");
    jb += std::string(jb.empty() ? "" : ",\n") + buf;
    if (!ma) {
      ++mismatches;
      std::snprintf(buf, sizeof buf, "A field (lane %d, VGPR %d, bit %d): measured row %s k %s, documented A[%d][%d]",
                    af[a].lane, af[a].gpr, af[a].bit, fmt_set(a_rows[a]).c_str(), fmt_set(a_ks[a]).c_str(),
                    doc.first, doc.second);
      diff(buf);
    }
    if (!mb) {
      ++mismatches;
      std::snprintf(buf, sizeof buf, "B field (lane %d, VGPR %d, bit %d): measured col %s k %s, documented B[%d][%d]",
                    af[a].lane, af[a].gpr, af[a].bit, fmt_set(b_cols[a]).c_str(), fmt_set(b_ks[a]).c_str(),
                    doc.second, doc.first);
      diff(buf);
    }
  }
  for (size_t x = 0; x < df.size(); ++x) {
    const auto doc = doc_d[key(df[x])];
    const bool md = one(d_rows[x]) == doc.first && one(d_cols[x]) == doc.second;
    char buf[256];
    std::snprintf(buf, sizeof buf,
                  "      {\"lane\": %d, \"gpr\": %d, \"bit\": %d, \"measured\": {\"row\": %s, \"col\": %s}, "
                  "\"documented\": {\"row\": %d, \"col\": %d}, \"match\": %s}",
                  df[x].lane, df[x].gpr, df[x].bit, fmt_set(d_rows[x]).c_str(), fmt_set(d_cols[x]).c_str(), doc.first,
                  doc.second, md ? "true" : "false");
    jd += std::string(jd.empty() ? "" : ",\n") + buf;
    if (!md) {
      ++mismatches;
      std::snprintf(buf, sizeof buf, "D field (lane %d, VGPR %d, bit %d): measured D[%s][%s], documented D[%d][%d]",
                    df[x].lane, df[x].gpr, df[x].bit, fmt_set(d_rows[x]).c_str(), fmt_set(d_cols[x]).c_str(),
                    doc.first, doc.second);
      diff(buf);
    }
  }
  const char* status = rt::on_emulator()
                           ? "emulator measurement: shows the emulator's model, not a hardware fact"
                           : "hardware measurement";
  const std::string anchor = W == 64 ? "docs/facts/layouts.md#wave64-layouts" : "docs/facts/layouts.md#wave32-a-and-b";
  std::string j = header_json(probe_name, s.builtin, instruction, status, W);
  j += "  \"documented_source\": \"" + anchor + " (AMD Matrix Instruction Calculator)\",\n";
  j += "  \"M\": 16, \"N\": 16, \"K\": " + std::to_string(K) + ",\n";
  j += "  \"k_order\": \"observable only as the pairing of A and B fields: measured k of an A field is the "
       "documented k of the B fields it is multiplied with (and vice versa)\",\n";
  j += "  \"operands\": {\n";
  j += "    \"A\": {\"regs\": " + std::to_string(ar) + ", \"bits\": " + std::to_string(abits) + ", \"fields\": [\n" + ja + "\n    ]},\n";
  j += "    \"B\": {\"regs\": " + std::to_string(ar) + ", \"bits\": " + std::to_string(abits) + ", \"fields\": [\n" + jb + "\n    ]},\n";
  j += "    \"D\": {\"regs\": " + std::to_string(dr) + ", \"bits\": " + std::to_string(dbits) +
       ", \"note\": \"C shares D's layout (D = C when A = 0; checked by runtime/wmma-w32 'zeros')\", \"fields\": [\n" + jd + "\n    ]}\n";
  j += "  },\n  \"mismatches\": " + std::to_string(mismatches) + ",\n  \"differences\": [";
  for (size_t i = 0; i < diffs.size(); ++i) j += std::string(i ? ",\n    " : "\n    ") + "\"" + json_escape(diffs[i]) + "\"";
  j += diffs.empty() ? "],\n" : "\n  ],\n";
  j += "  \"unverified\": [\"docs/facts/layouts.md layouts come from AMD's Matrix Instruction Calculator, not from a hardware "
       "measurement by this suite unless device is hw\"";
  if (W == 64) j += ", \"wave64 layouts (docs/facts/unverified.md#wave64_layouts)\"";
  j += "]\n}\n";
  if (!write_file(output_path(probe_name, argc, argv), j)) return 1;

  std::printf("wave%d A: %d fields, B: %d fields, D: %zu fields measured (%s)\n", W, nf, nf, df.size(), status);
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
  if (mismatches || !diffs.empty()) {
    std::printf("FAIL %s: %ld fields differ from the documented layout %s\n", probe_name, mismatches,
                rt::device_tag().c_str());
    return 1;
  }
  std::printf("layout A/B/D matches %s (K pairing included)%s\n", anchor.c_str(),
              W == 64 ? "; UNVERIFIED model wave64_layouts" : "");
  std::printf("PASS %s %s\n", probe_name, rt::device_tag().c_str());
  return 0;
}

// ---- SWMMAC probe ----------------------------------------------------------------------
// kernels[key] = the kernel that selects index set `key` (nullptr: not probed).
// Kernel ABI as runtime/swmmac-*: kern(a, b, c, idx, d), lane-major images, one
// index word per lane.
inline int probe_swmmac(const char* probe_name, const sp::Spec& s, const char* instruction,
                        const std::vector<const void*>& kernels, int argc, char** argv) {
  rt::print_device_header(probe_name);
  const int W = s.wave, K = sp::depth(s.kind), G = sp::groups(s.kind), eb = sp::bits(s.kind);
  const int ar = sp::a_regs(s.kind, W), br = sp::b_regs(s.kind, W);
  const int dr = wt::acc_regs(s.acc, W), dbits = wt::acc_bits(s.acc);
  const std::vector<Field> af = fields(ar, eb, W), bf = fields(br, eb, W), df = fields(dr, dbits, W);
  const int na = int(af.size()), nb = int(bf.size());
  auto key = [](const Field& f) { return std::make_tuple(f.lane, f.gpr, f.bit); };
  using Map = std::map<std::tuple<int, int, int>, std::pair<int, int>>;
  Map doc_a, doc_b, doc_d;  // A: (row, slot); B: (col, k); D: (row, col); unused: (-1, -1)
  for (const Field& f : af) doc_a[key(f)] = {-1, -1};
  for (const Field& f : bf) doc_b[key(f)] = {-1, -1};
  for (const Field& f : df) doc_d[key(f)] = {-1, -1};
  for (int i = 0; i < 16; ++i)
    for (int g = 0; g < G; ++g)
      for (int v = 0; v < 2; ++v) {
        ref::Slot sl = sp::a_pair_slot(s.kind, i, g, W);
        doc_a[{sl.lane, sl.gpr, sl.bit + v * eb}] = {i, 2 * g + v};
      }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < 16; ++j) {
      ref::Slot sl = sp::b_slot(s.kind, j, k, W);
      doc_b[{sl.lane, sl.gpr, sl.bit}] = {j, k};
    }
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      ref::Slot sl = dbits == 32 ? ref::cd32_slot(i, j, W) : ref::cd16_slot(i, j, W);
      doc_d[{sl.lane, sl.gpr, sl.bit}] = {i, j};
    }
  const void* k0 = kernels.empty() ? nullptr : kernels[0];
  if (!k0) {
    std::printf("FAIL %s: no index_key 0 kernel\n", probe_name);
    return 1;
  }
  const uint32_t one_a = wt::is_int(s.a) ? 1u : wt::elem_encode(s.a, 1.0);
  const uint32_t one_b = wt::is_int(s.b) ? 1u : wt::elem_encode(s.b, 1.0);
  std::vector<std::string> diffs;
  auto diff = [&](const std::string& m) {
    if (diffs.size() < 2000) diffs.push_back(m);
  };
  char buf[320];

  // ---- 1. A/B/D incidence under the uniform pairs (0,1) and (2,3).
  int digits = 1;
  for (long span = 8; span < nb; span *= 8) ++digits;
  const int pat_pos[2][2] = {{0, 1}, {2, 3}};
  const uint32_t pat_word[2] = {0x44444444u, 0xeeeeeeeeu};  // nibble pos0 | pos1 << 2 in every field
  std::vector<std::set<int>> a_rows(na), a_slots(na), b_cols(nb), b_ks(nb), d_rows(df.size()), d_cols(df.size());
  for (int P = 0; P < 2; ++P) {
    const size_t nc = size_t(na) * digits;
    std::vector<uint32_t> ha(nc * W * ar, 0), hb(nc * W * br, 0), hc(nc * W * dr, 0), hi(nc * W, pat_word[P]);
    for (int a = 0; a < na; ++a)
      for (int d = 0; d < digits; ++d) {
        const size_t n = size_t(a) * digits + d;
        std::vector<uint32_t> ia(W * ar, 0), ib(W * br, 0);
        ref::put_field(ia, ar, {af[a].lane, af[a].gpr, af[a].bit}, eb, one_a);
        long div = 1;
        for (int t = 0; t < d; ++t) div *= 8;
        for (int g = 0; g < nb; ++g) {
          const int digit = int((g / div) % 8) + 1;
          const uint32_t v = wt::is_int(s.b) ? uint32_t(digit) : wt::elem_encode(s.b, double(digit));
          ref::put_field(ib, br, {bf[g].lane, bf[g].gpr, bf[g].bit}, eb, v);
        }
        std::copy(ia.begin(), ia.end(), ha.begin() + n * ia.size());
        std::copy(ib.begin(), ib.end(), hb.begin() + n * ib.size());
      }
    rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), di(hi), dd(nc * W * dr);
    dd.zero();
    {
      const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p, *pi = di.p;
      uint32_t* pd = dd.p;
      rt::launch(k0, rt::Dim(unsigned(nc)), rt::Dim(unsigned(W)), {&pa, &pb, &pc, &pi, &pd});
    }
    const std::vector<uint32_t> hd = dd.download();
    for (int a = 0; a < na; ++a) {
      std::map<int, long> code;
      std::vector<std::set<int>> reached(digits);
      for (int d = 0; d < digits; ++d) {
        const size_t n = size_t(a) * digits + d;
        std::vector<uint32_t> img(hd.begin() + n * W * dr, hd.begin() + (n + 1) * W * dr);
        for (size_t x = 0; x < df.size(); ++x) {
          const double v = wt::acc_decode(s.acc, ref::get_field(img, dr, {df[x].lane, df[x].gpr, df[x].bit}, dbits));
          if (v == 0) continue;
          reached[d].insert(int(x));
          const int digit = int(v) - 1;
          if (double(int(v)) != v || digit < 0 || digit > 7) {
            std::snprintf(buf, sizeof buf, "pairs (%d,%d): A field (lane %d, VGPR %d, bit %d): unexpected D value %g",
                          pat_pos[P][0], pat_pos[P][1], af[a].lane, af[a].gpr, af[a].bit, v);
            diff(buf);
            continue;
          }
          long mul = 1;
          for (int t = 0; t < d; ++t) mul *= 8;
          code[int(x)] += digit * mul;
        }
      }
      bool same = true;
      for (int d = 1; d < digits; ++d) same = same && reached[d] == reached[0];
      if (!same) {
        std::snprintf(buf, sizeof buf, "A field (lane %d, VGPR %d, bit %d): reaches different D fields in different runs",
                      af[a].lane, af[a].gpr, af[a].bit);
        diff(buf);
      }
      const auto adoc = doc_a[key(af[a])];
      for (int x : reached[0]) {
        const auto dp = doc_d[key(df[x])];
        a_rows[a].insert(dp.first);
        const long g = code.count(x) ? code[x] : -1;
        if (g < 0 || g >= nb) continue;
        const auto bdoc = doc_b[key(bf[g])];  // (col, k) of the paired B field
        // The slot this pairing implies: group k/4, value k%4 - pos0 of the pair.
        const int v = bdoc.second % 4 - pat_pos[P][0];
        a_slots[a].insert(bdoc.second < 0 || v < 0 || v > 1 ? -2 : 2 * (bdoc.second / 4) + v);
        b_cols[g].insert(dp.second);
        // The k the documented A slot takes under this pair.
        b_ks[g].insert(adoc.first < 0 ? -1 : 4 * (adoc.second / 2) + pat_pos[P][adoc.second % 2]);
        d_rows[x].insert(adoc.first);
        d_cols[x].insert(bdoc.first);
      }
    }
  }

  // ---- 2. index fields, per index_key kernel.
  struct IndexResult {
    int key;
    std::vector<std::set<std::pair<int, int>>> governs;  // per nibble field: (row, group)
    Map doc;
  };
  std::vector<IndexResult> idx_results;
  const std::vector<Field> nf = fields(1, 4, W);  // index nibbles
  for (int keyi = 0; keyi < int(kernels.size()); ++keyi) {
    if (!kernels[keyi]) continue;
    IndexResult r{keyi, std::vector<std::set<std::pair<int, int>>>(nf.size()), {}};
    for (const Field& f : nf) r.doc[key(f)] = {-1, -1};
    for (int i = 0; i < 16; ++i)
      for (int g = 0; g < G; ++g) {
        ref::Slot sl = sp::index_slot(s.kind, i, g, W, keyi);
        r.doc[{sl.lane, 0, sl.bit}] = {i, g};
      }
    const size_t nc = nf.size();
    std::vector<uint32_t> ia(W * ar, 0), ib(W * br, 0);
    for (const Field& f : af) ref::put_field(ia, ar, {f.lane, f.gpr, f.bit}, eb, one_a);
    for (int k = 0; k < K; ++k)
      for (int j = 0; j < 16; ++j)
        if (k % 4 < 2 && k / 4 == j % G) ref::put_field(ib, br, sp::b_slot(s.kind, j, k, W), eb, one_b);
    std::vector<uint32_t> ha(nc * W * ar), hb(nc * W * br), hc(nc * W * dr, 0), hi(nc * W, 0x44444444u);
    for (size_t n = 0; n < nc; ++n) {
      std::copy(ia.begin(), ia.end(), ha.begin() + n * ia.size());
      std::copy(ib.begin(), ib.end(), hb.begin() + n * ib.size());
      uint32_t& w = hi[n * W + nf[n].lane];
      w = (w & ~(0xfu << nf[n].bit)) | (0xeu << nf[n].bit);
    }
    rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), di(hi), dd(nc * W * dr);
    dd.zero();
    {
      const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p, *pi = di.p;
      uint32_t* pd = dd.p;
      rt::launch(kernels[keyi], rt::Dim(unsigned(nc)), rt::Dim(unsigned(W)), {&pa, &pb, &pc, &pi, &pd});
    }
    const std::vector<uint32_t> hd = dd.download();
    for (size_t n = 0; n < nc; ++n) {
      std::vector<uint32_t> img(hd.begin() + n * W * dr, hd.begin() + (n + 1) * W * dr);
      std::map<std::pair<int, int>, int> zeros;  // (row, group) -> columns at 0
      for (size_t x = 0; x < df.size(); ++x) {
        const auto dp = doc_d[key(df[x])];
        if (dp.first < 0) continue;
        const double v = wt::acc_decode(s.acc, ref::get_field(img, dr, {df[x].lane, df[x].gpr, df[x].bit}, dbits));
        if (v == 0) {
          ++zeros[{dp.first, dp.second % G}];
        } else if (v != 2) {
          std::snprintf(buf, sizeof buf, "index_key %d, nibble (lane %d, bits %d-%d) set to (2,3): D[%d][%d] = %g, expected 2 or 0",
                        keyi, nf[n].lane, nf[n].bit, nf[n].bit + 3, dp.first, dp.second, v);
          diff(buf);
        }
      }
      for (const auto& z : zeros) {
        if (z.second != 16 / G) {
          std::snprintf(buf, sizeof buf, "index_key %d, nibble (lane %d, bits %d-%d): row %d group %d dropped in %d of %d columns",
                        keyi, nf[n].lane, nf[n].bit, nf[n].bit + 3, z.first.first, z.first.second, z.second, 16 / G);
          diff(buf);
        }
        r.governs[n].insert(z.first);
      }
    }
    idx_results.push_back(std::move(r));
  }

  // ---- compare, JSON.
  long mismatches = 0;
  auto one = [](const std::set<int>& st) { return st.size() == 1 ? *st.begin() : -1; };
  auto fmt_set = [](const std::set<int>& st) {
    if (st.empty()) return std::string("null");
    if (st.size() == 1) return std::to_string(*st.begin());
    std::string o = "[";
    for (int v : st) o += (o.size() > 1 ? "," : "") + std::to_string(v);
    return o + "]";
  };
  auto num = [](int v) { return v < 0 ? std::string("null") : std::to_string(v); };
  auto entry = [&](const Field& f, const char* k1, const char* k2, const std::string& m1, const std::string& m2,
                   std::pair<int, int> doc, bool match) {
    std::snprintf(buf, sizeof buf,
                  "      {\"lane\": %d, \"gpr\": %d, \"bit\": %d, \"measured\": {\"%s\": %s, \"%s\": %s}, "
                  "\"documented\": {\"%s\": %s, \"%s\": %s}, \"match\": %s}",
                  f.lane, f.gpr, f.bit, k1, m1.c_str(), k2, m2.c_str(), k1, num(doc.first).c_str(), k2,
                  num(doc.second).c_str(), match ? "true" : "false");
    return std::string(buf);
  };
  auto operand = [&](const char* name, int regs, int bits, const std::string& body, const std::string& extra) {
    return "    \"" + std::string(name) + "\": {\"regs\": " + std::to_string(regs) + ", \"bits\": " +
           std::to_string(bits) + extra + ", \"fields\": [\n" + body + "\n    ]}";
  };
  std::string ja, jb, jd;
  for (int a = 0; a < na; ++a) {
    const auto doc = doc_a[key(af[a])];
    const bool m = one(a_rows[a]) == doc.first && one(a_slots[a]) == doc.second;
    ja += std::string(ja.empty() ? "" : ",\n") + entry(af[a], "row", "slot", fmt_set(a_rows[a]), fmt_set(a_slots[a]), doc, m);
    if (!m) {
      ++mismatches;
      std::snprintf(buf, sizeof buf, "A field (lane %d, VGPR %d, bit %d): measured row %s slot %s, documented row %d slot %d",
                    af[a].lane, af[a].gpr, af[a].bit, fmt_set(a_rows[a]).c_str(), fmt_set(a_slots[a]).c_str(), doc.first,
                    doc.second);
      diff(buf);
    }
  }
  for (int b = 0; b < nb; ++b) {
    const auto doc = doc_b[key(bf[b])];
    const bool m = one(b_cols[b]) == doc.first && one(b_ks[b]) == doc.second;
    jb += std::string(jb.empty() ? "" : ",\n") + entry(bf[b], "col", "k", fmt_set(b_cols[b]), fmt_set(b_ks[b]), doc, m);
    if (!m) {
      ++mismatches;
      std::snprintf(buf, sizeof buf, "B field (lane %d, VGPR %d, bit %d): measured col %s k %s, documented B[%d][%d]",
                    bf[b].lane, bf[b].gpr, bf[b].bit, fmt_set(b_cols[b]).c_str(), fmt_set(b_ks[b]).c_str(), doc.second,
                    doc.first);
      diff(buf);
    }
  }
  for (size_t x = 0; x < df.size(); ++x) {
    const auto doc = doc_d[key(df[x])];
    const bool m = one(d_rows[x]) == doc.first && one(d_cols[x]) == doc.second;
    jd += std::string(jd.empty() ? "" : ",\n") + entry(df[x], "row", "col", fmt_set(d_rows[x]), fmt_set(d_cols[x]), doc, m);
    if (!m) {
      ++mismatches;
      std::snprintf(buf, sizeof buf, "D field (lane %d, VGPR %d, bit %d): measured D[%s][%s], documented D[%d][%d]",
                    df[x].lane, df[x].gpr, df[x].bit, fmt_set(d_rows[x]).c_str(), fmt_set(d_cols[x]).c_str(), doc.first,
                    doc.second);
      diff(buf);
    }
  }
  std::string jidx;
  for (const IndexResult& r : idx_results) {
    std::string body;
    for (size_t n = 0; n < nf.size(); ++n) {
      const auto doc = r.doc.at(key(nf[n]));
      std::string mr = "null", mg = "null";
      if (r.governs[n].size() == 1) {
        mr = std::to_string(r.governs[n].begin()->first);
        mg = std::to_string(r.governs[n].begin()->second);
      } else if (r.governs[n].size() > 1) {
        mr = mg = "[";
        for (const auto& pr : r.governs[n]) {
          mr += (mr.size() > 1 ? "," : "") + std::to_string(pr.first);
          mg += (mg.size() > 1 ? "," : "") + std::to_string(pr.second);
        }
        mr += "]";
        mg += "]";
      }
      const bool m = doc.first < 0 ? r.governs[n].empty()
                                   : r.governs[n].size() == 1 && *r.governs[n].begin() == doc;
      body += std::string(body.empty() ? "" : ",\n") + entry(nf[n], "row", "group", mr, mg, doc, m);
      if (!m) {
        ++mismatches;
        std::snprintf(buf, sizeof buf, "index_key %d nibble (lane %d, bits %d-%d): governs row %s group %s, documented row %s group %s",
                      r.key, nf[n].lane, nf[n].bit, nf[n].bit + 3, mr.c_str(), mg.c_str(), num(doc.first).c_str(),
                      num(doc.second).c_str());
        diff(buf);
      }
    }
    jidx += ",\n" + operand(("index_key" + std::to_string(r.key)).c_str(), 1, 4, body,
                            ", \"index_key\": " + std::to_string(r.key) + ", \"sets\": " +
                                std::to_string(sp::index_sets(s.kind, W)));
  }

  const char* status = rt::on_emulator()
                           ? "emulator measurement: shows the emulator's model, not a hardware fact"
                           : "hardware measurement";
  std::string j = header_json(probe_name, s.builtin, instruction, status, W);
  j += "  \"documented_source\": \"docs/facts/layouts.md#swmmac-layout (AMD Matrix Instruction Calculator)\",\n";
  j += "  \"sparse\": true, \"M\": 16, \"N\": 16, \"K\": " + std::to_string(K) + ", \"groups\": " + std::to_string(G) + ",\n";
  j += "  \"slot\": \"A slot s = 2*group + v holds kept value v (0 = lower K position) of the group\",\n";
  j += "  \"operands\": {\n";
  j += operand("A", ar, eb, ja, "") + ",\n" + operand("B", br, eb, jb, "") + ",\n" +
       operand("D", dr, dbits, jd, ", \"note\": \"C shares D's layout\"") + jidx + "\n";
  j += "  },\n  \"mismatches\": " + std::to_string(mismatches) + ",\n  \"differences\": [";
  for (size_t i = 0; i < diffs.size(); ++i) j += std::string(i ? ",\n    " : "\n    ") + "\"" + json_escape(diffs[i]) + "\"";
  j += diffs.empty() ? "],\n" : "\n  ],\n";
  j += "  \"unverified\": [\"SWMMAC layouts and index semantics (docs/facts/unverified.md#sparse_index)\"";
  if (W == 64) j += ", \"wave64 layouts (docs/facts/unverified.md#wave64_layouts)\"";
  j += "]\n}\n";
  if (!write_file(output_path(probe_name, argc, argv), j)) return 1;

  std::printf("wave%d A: %d fields, B: %d fields, D: %zu fields, index: %zu nibbles x %zu index_key(s) measured (%s)\n",
              W, na, nb, df.size(), nf.size(), idx_results.size(), status);
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
  if (mismatches || !diffs.empty()) {
    std::printf("FAIL %s: %ld fields differ from the documented layout %s\n", probe_name, mismatches,
                rt::device_tag().c_str());
    return 1;
  }
  std::printf("layout A/B/D/index matches docs/facts/layouts.md#swmmac-layout; UNVERIFIED model sparse_index%s\n",
              W == 64 ? " wave64_layouts" : "");
  std::printf("PASS %s %s\n", probe_name, rt::device_tag().c_str());
  return 0;
}


// ---- transpose-load probes ----
// What a transpose load delivered: for lane L and its element j, the source lane and element
// ([L * per_lane + j]); ok = false when a B128 element lost its 0x3c00 marker.
template <class Src>
struct TrMeasured {
  std::vector<Src> src;
  bool ok = true;
};

// Run one transpose-load kernel on `lanes` lanes that fetch `per_lane` elements each (wave32:
// 8, wave64: 4). Lane s's elements sit at byte offset 8 * per_lane * s (spread out); element e
// holds per_lane * s + e (B128: with 0x3c00 above, finite f16 patterns; B64: one byte).
template <class Src>
inline TrMeasured<Src> measure_tr(const void* kernel, bool b128, int lanes, int per_lane) {
  const int eb = b128 ? 2 : 1, regs = b128 ? per_lane / 2 : per_lane / 4, stride = 8 * per_lane;
  std::vector<uint8_t> buf(size_t(stride) * lanes, 0xee);
  std::vector<uint32_t> offs(lanes);
  for (int s = 0; s < lanes; ++s) {
    offs[s] = uint32_t(stride * s);
    for (int e = 0; e < per_lane; ++e) {
      const uint32_t v = uint32_t(per_lane * s + e) | (b128 ? 0x3c00u : 0u);
      for (int b = 0; b < eb; ++b) buf[offs[s] + e * eb + b] = uint8_t(v >> (8 * b));
    }
  }
  rt::DevBuf<uint8_t> dbuf(buf);
  rt::DevBuf<uint32_t> doffs(offs), dout(size_t(lanes) * regs);
  dout.zero();
  const uint8_t* pb = dbuf.p;
  const uint32_t* po = doffs.p;
  uint32_t* pout = dout.p;
  rt::launch(kernel, rt::Dim(1), rt::Dim(lanes), {&pb, &po, &pout});
  const std::vector<uint32_t> out = dout.download();
  TrMeasured<Src> m;
  for (int L = 0; L < lanes; ++L)
    for (int j = 0; j < per_lane; ++j) {
      const uint32_t r = out[L * regs + (b128 ? j / 2 : j / 4)];
      uint32_t v = b128 ? (r >> (16 * (j % 2))) & 0xffff : (r >> (8 * (j % 4))) & 0xff;
      if (b128) {
        if ((v & 0xff00) != 0x3c00) m.ok = false;
        v &= 0xff;
      }
      m.src.push_back({int(v / per_lane), int(v % per_lane)});
    }
  return m;
}

namespace tr32 {
using Measured = TrMeasured<ref::TrSource>;
inline Measured measure(const void* kernel, bool b128) { return measure_tr<ref::TrSource>(kernel, b128, 32, 8); }

inline int probe_tr(const char* name, const TrKernel* bs, size_t nb, int argc, char** argv) {
  rt::print_device_header(name);
  if (nb != 4) {
    std::printf("FAIL %s: expected 4 transpose kernels (b128 f16, i16, bf16, b64), got %zu\n", name, nb);
    return 1;
  }
  std::vector<std::string> diffs;
  std::string jt;
  std::vector<Measured> ms;
  bool all_ok = true;
  for (size_t bi = 0; bi < nb; ++bi) {
    const TrKernel& b = bs[bi];
    Measured m = measure(b.kernel, b.b128);
    long mism = 0, seed_mism = 0;
    std::string mapping;
    for (int L = 0; L < 32; ++L)
      for (int j = 0; j < 8; ++j) {
        const ref::TrSource got = m.src[L * 8 + j];
        const ref::TrSource want = b.b128 ? ref::tr_b128_source(L, j) : ref::tr_b64_source(L, j);
        char buf[200];
        std::snprintf(buf, sizeof buf, "%s[%d,%d,%d,%d]", mapping.empty() ? "" : ",", L, j, got.lane, got.elem);
        mapping += buf;
        if (got.lane != want.lane || got.elem != want.elem) {
          ++mism;
          std::snprintf(buf, sizeof buf, "%s: lane %d element %d came from lane %d element %d; model: lane %d element %d",
                        b.builtin, L, j, got.lane, got.elem, want.lane, want.elem);
          diffs.push_back(buf);
        }
        if (b.b128) {  // seed 000's formula with its addressing (lane tx: row tx/4, cols (tx%4)*8..)
          const ref::RowCol fetched{ref::seed000_lane_address(got.lane).row,
                                    ref::seed000_lane_address(got.lane).col + got.elem};
          const ref::RowCol seed = ref::seed000_tr_element(L, j);
          if (fetched.row != seed.row || fetched.col != seed.col) ++seed_mism;
        }
      }
    if (!m.ok) diffs.push_back(std::string(b.builtin) + ": result elements not taken from the fetched data");
    const bool ok = mism == 0 && m.ok;
    all_ok = all_ok && ok;  // B64 too: a difference from the UNVERIFIED model is reported and fails
    const std::string model = b.b128 ? "docs/facts/transpose.md#transpose-b128 (third-party hardware measurement)" : ref::kTrB64Status;
    std::printf("%s: %s %s (%ld of 256 elements differ)%s\n", b.builtin, ok ? "matches" : "DIFFERS from",
                model.c_str(), mism, b.b128 ? (seed_mism ? "; seed 000 formula DIFFERS" : "; seed 000 formula agrees") : "");
    char head[512];
    std::snprintf(head, sizeof head,
                  "    \"%s\": {\"bits\": %d, \"model\": \"%s\", \"matches_model\": %s, \"seed000_formula_matches\": %s,\n"
                  "      \"mapping_columns\": [\"dst_lane\", \"dst_element\", \"src_lane\", \"src_element\"],\n      \"mapping\": [",
                  b.builtin, b.b128 ? 16 : 8, json_escape(model).c_str(), ok ? "true" : "false",
                  b.b128 ? (seed_mism ? "false" : "true") : "null");
    jt += std::string(jt.empty() ? "" : ",\n") + head + mapping + "]}";
    ms.push_back(m);
  }
  bool share = true;
  for (int x = 0; x < 256; ++x)
    for (int v = 1; v < 3; ++v)
      if (ms[v].src[x].lane != ms[0].src[x].lane || ms[v].src[x].elem != ms[0].src[x].elem) share = false;
  std::printf("seed 000: i16 and bf16 share the f16 permutation: %s\n", share ? "yes" : "NO");
  if (!share) all_ok = false;

  const char* status = rt::on_emulator() ? "emulator measurement: shows the emulator's model, not a hardware fact"
                                         : "hardware measurement";
  std::string j = header_json(name, "global_load_tr_*", "global_load_tr_b128 / global_load_tr_b64", status);
  j += "  \"documented_source\": \"docs/facts/transpose.md#transpose-b128 and docs/facts/starting-pages.md#seed-000\",\n";
  j += "  \"addressing\": \"lane s fetches 8 elements at byte offset 64*s; element e of lane s holds 8*s+e\",\n";
  j += "  \"operands\": {\"transpose\": {\n" + jt + "\n  }},\n";
  j += std::string("  \"i16_bf16_share_f16_permutation\": ") + (share ? "true" : "false") + ",\n";
  j += "  \"mismatches\": " + std::to_string(diffs.size()) + ",\n  \"differences\": [";
  for (size_t i = 0; i < diffs.size(); ++i)
    j += std::string(i ? ",\n    " : "\n    ") + "\"" + json_escape(diffs[i]) + "\"";
  j += diffs.empty() ? "],\n" : "\n  ],\n";
  j += "  \"unverified\": [\"global_load_tr_b64 mapping (docs/facts/unverified.md#tr_b64_mapping)\", \"transpose loads with partial EXEC (not probed)\"]\n}\n";
  if (!write_file(output_path(name, argc, argv), j)) return 1;
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
  if (!all_ok) {
    std::printf("FAIL %s: measured mapping differs (see above) %s\n", name, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", name, rt::device_tag().c_str());
  return 0;
}
}  // namespace tr32
namespace tr64p {
using Measured = TrMeasured<tr64::Src>;
inline Measured measure(const void* kernel, bool b128) { return measure_tr<tr64::Src>(kernel, b128, 64, 4); }

inline int probe_tr_w64(const char* name, const TrKernel* bs, size_t nb, int argc, char** argv) {
  rt::print_device_header(name);
  if (nb != 4) {
    std::printf("FAIL %s: expected 4 transpose kernels (b128 f16, i16, bf16, b64), got %zu\n", name, nb);
    return 1;
  }
  std::vector<std::string> diffs;
  std::string jt;
  std::vector<Measured> ms;
  bool all_ok = true;
  for (size_t bi = 0; bi < nb; ++bi) {
    const TrKernel& b = bs[bi];
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
  std::string j = header_json(name, "global_load_tr_*", "global_load_tr_b128 / global_load_tr_b64 (wave64)",
                                     status, 64);
  j += "  \"documented_source\": \"none: docs/facts/transpose.md#transpose-wave64 (candidates: Inputs/cpu-reference/load_tr_w64.h)\",\n";
  j += "  \"addressing\": \"lane s fetches 4 elements at byte offset 32*s; element e of lane s holds 4*s+e\",\n";
  j += "  \"operands\": {\"transpose\": {\n" + jt + "\n  }},\n";
  j += std::string("  \"i16_bf16_share_f16_permutation\": ") + (share ? "true" : "false") + ",\n";
  j += "  \"mismatches\": " + std::to_string(diffs.size()) + ",\n  \"differences\": [";
  for (size_t i = 0; i < diffs.size(); ++i)
    j += std::string(i ? ",\n    " : "\n    ") + "\"" + json_escape(diffs[i]) + "\"";
  j += diffs.empty() ? "],\n" : "\n  ],\n";
  j += "  \"unverified\": [\"wave64 transpose mapping (docs/facts/unverified.md#tr_wave64)\"]\n}\n";
  if (!write_file(output_path(name, argc, argv), j)) return 1;
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
  if (!all_ok) {
    std::printf("FAIL %s: measured map matches no candidate (see above) %s\n", name, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", name, rt::device_tag().c_str());
  return 0;
}
}  // namespace tr64p

}  // namespace layout_probe
