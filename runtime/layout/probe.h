// Layout probes (runtime/layout/*.hip): measure, rather than assume, where the
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
#pragma once

#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "../../Inputs/cpu-reference/wmma_dense.h"

namespace probe {

struct Field {
  int lane, gpr, bit;
};

inline std::vector<Field> fields(int regs, int bits) {
  std::vector<Field> v;
  for (int L = 0; L < 32; ++L)
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
                               const char* status) {
  std::string j = "{\n  \"schema\": \"rdna4-layout-probe/1\",\n";
  j += "  \"probe\": \"" + std::string(probe_name) + "\",\n";
  j += "  \"builtin\": \"__builtin_amdgcn_" + std::string(builtin) + "\",\n";
  j += "  \"instruction\": \"" + std::string(instruction) + "\",\n";
  j += "  \"device\": \"" + rt::device_info().label + "\",\n";
  j += "  \"arch\": \"" + rt::device_info().arch + "\",\n";
  j += "  \"device_name\": \"" + json_escape(rt::device_info().name) + "\",\n";
  j += "  \"wave_size\": 32,\n";
  j += "  \"status\": \"" + json_escape(status) + "\",\n";
  return j;
}

// ---- WMMA probe ----------------------------------------------------------------------
inline int probe_wmma(const char* probe_name, const wt::Spec& s, const char* instruction, const void* kernel,
                      int argc, char** argv) {
  rt::print_device_header(probe_name);
  const int ar = ref::ab_regs(s.layout), abits = wt::elem_bits(s.a), K = ref::ab_depth(s.layout);
  const int dr = wt::acc_regs(s.acc), dbits = wt::acc_bits(s.acc);
  const std::vector<Field> af = fields(ar, abits), df = fields(dr, dbits);
  const int nf = int(af.size());  // = number of B fields too
  // Documented positions.
  std::map<std::tuple<int, int, int>, std::pair<int, int>> doc_ab;  // field -> (row or col, k)
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < K; ++k) {
      ref::Slot sl = ref::ab_slot(s.layout, i, k);
      doc_ab[{sl.lane, sl.gpr, sl.bit}] = {i, k};
    }
  std::map<std::tuple<int, int, int>, std::pair<int, int>> doc_d;  // D field -> (i, j)
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      ref::Slot sl = dbits == 32 ? ref::cd32_slot(i, j) : ref::cd16_slot(i, j);
      doc_d[{sl.lane, sl.gpr, sl.bit}] = {i, j};
    }
  auto key = [](const Field& f) { return std::make_tuple(f.lane, f.gpr, f.bit); };

  // Build the cases: nf A fields x 3 digits.
  const int digits = 3;
  const size_t nc = size_t(nf) * digits;
  std::vector<uint32_t> ha(nc * 32 * ar, 0), hb(nc * 32 * ar, 0), hc(nc * 32 * dr, 0);
  const uint32_t one_a = wt::is_int(s.a) ? 1u : wt::elem_encode(s.a, 1.0);
  for (int a = 0; a < nf; ++a)
    for (int d = 0; d < digits; ++d) {
      const size_t n = size_t(a) * digits + d;
      std::vector<uint32_t> ia(32 * ar, 0), ib(32 * ar, 0);
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
  rt::DevBuf<uint32_t> da(ha), db(hb), dc(hc), dd(nc * 32 * dr);
  dd.zero();
  {
    const uint32_t *pa = da.p, *pb = db.p, *pc = dc.p;
    uint32_t* pd = dd.p;
    rt::launch(kernel, dim3(unsigned(nc)), dim3(32), {&pa, &pb, &pc, &pd});
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
    std::set<int> reached[3];
    for (int d = 0; d < digits; ++d) {
      const size_t n = size_t(a) * digits + d;
      std::vector<uint32_t> img(hd.begin() + n * 32 * dr, hd.begin() + (n + 1) * 32 * dr);
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
    if (reached[0] != reached[1] || reached[1] != reached[2]) {
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
                  "\"documented\": {\"row\": %d, \"k\": %d}, \"match\": %s}",
                  af[a].lane, af[a].gpr, af[a].bit, fmt_set(a_rows[a]).c_str(), fmt_set(a_ks[a]).c_str(), doc.first,
                  doc.second, ma ? "true" : "false");
    ja += std::string(ja.empty() ? "" : ",\n") + buf;
    std::snprintf(buf, sizeof buf,
                  "      {\"lane\": %d, \"gpr\": %d, \"bit\": %d, \"measured\": {\"col\": %s, \"k\": %s}, "
                  "\"documented\": {\"col\": %d, \"k\": %d}, \"match\": %s}",
                  af[a].lane, af[a].gpr, af[a].bit, fmt_set(b_cols[a]).c_str(), fmt_set(b_ks[a]).c_str(), doc.first,
                  doc.second, mb ? "true" : "false");
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
  std::string j = header_json(probe_name, s.builtin, instruction, status);
  j += "  \"documented_source\": \"docs/facts/layouts.md#wave32-a-and-b (AMD Matrix Instruction Calculator)\",\n";
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
       "measurement by this suite unless device is hw\"]\n}\n";
  if (!write_file(output_path(probe_name, argc, argv), j)) return 1;

  std::printf("A: %d fields, B: %d fields, D: %zu fields measured (%s)\n", nf, nf, df.size(), status);
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
  if (mismatches || !diffs.empty()) {
    std::printf("FAIL %s: %ld fields differ from the documented layout %s\n", probe_name, mismatches,
                rt::device_tag().c_str());
    return 1;
  }
  std::printf("layout A/B/D matches docs/facts/layouts.md#wave32-a-and-b (K pairing included)\n");
  std::printf("PASS %s %s\n", probe_name, rt::device_tag().c_str());
  return 0;
}

}  // namespace probe
