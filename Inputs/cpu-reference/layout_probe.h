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
// unverified[]. Written with the shared JSON writer (json_writer.h).
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
#include <memory>
#include <set>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "api.h"
#include "device.h"
#include "fragments.h"
#include "json_writer.h"
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

// ---- shared by the four probes: messages, the JSON file's common parts ------------------
// printf into a std::string (difference messages).
template <class... Args>
inline std::string format(const char* fmt, Args... args) {
  const int n = std::snprintf(nullptr, 0, fmt, args...);
  std::string s(size_t(n > 0 ? n : 0), '\0');
  std::snprintf(&s[0], s.size() + 1, fmt, args...);
  return s;
}

// Differences a WMMA/SWMMAC probe found (the first 2000 are kept).
struct Diffs {
  std::vector<std::string> list;
  void add(std::string m) {
    if (list.size() < 2000) list.push_back(std::move(m));
  }
};

inline const char* measurement_status() {
  return rt::on_emulator() ? "emulator measurement: shows the emulator's model, not a hardware fact"
                           : "hardware measurement";
}

// Opens the file's object and writes the members every probe file starts with.
inline void write_header(jsonw::Writer& w, const char* probe_name, const std::string& builtin, const char* instruction,
                         const char* status, int wave) {
  w.begin_object();
  w.member("schema", "rdna4-layout-probe/1");
  w.member("probe", probe_name);
  w.member("builtin", "__builtin_amdgcn_" + builtin);
  w.member("instruction", instruction);
  w.member("device", rt::device_info().label);
  w.member("arch", rt::device_info().arch);
  w.member("device_name", rt::device_info().name);
  w.member("wave_size", wave);
  w.member("status", status);
}

// Writes the members every probe file ends with and closes the file's object.
inline void write_tail(jsonw::Writer& w, long mismatches, const std::vector<std::string>& diffs,
                       const std::vector<std::string>& unverified) {
  w.member("mismatches", mismatches);
  w.key("differences").begin_array();
  for (const std::string& d : diffs) w.value(d);
  w.end_array();
  w.key("unverified").begin_array(jsonw::Style::Inline);
  for (const std::string& u : unverified) w.value(u);
  w.end_array();
  w.end_object();
}

inline bool save(const char* probe_name, int argc, char** argv, const jsonw::Writer& w) {
  return write_file(output_path(probe_name, argc, argv), w.str() + "\n");
}

// ---- WMMA and SWMMAC: fields, documented positions, incidence runs ------------------------
using Key = std::tuple<int, int, int>;
using DocMap = std::map<Key, std::pair<int, int>>;  // field -> documented (x, y); unused: (-1, -1)
inline Key key(const Field& f) { return std::make_tuple(f.lane, f.gpr, f.bit); }
inline ref::Slot slot(const Field& f) { return {f.lane, f.gpr, f.bit}; }

inline DocMap unused(const std::vector<Field>& fs) {
  DocMap m;
  for (const Field& f : fs) m[key(f)] = {-1, -1};
  return m;
}
// C/D fields -> documented (i, j).
inline DocMap documented_d(const std::vector<Field>& df, int dbits, int W) {
  DocMap m = unused(df);
  for (int i = 0; i < 16; ++i)
    for (int j = 0; j < 16; ++j) {
      ref::Slot sl = dbits == 32 ? ref::cd32_slot(i, j, W) : ref::cd16_slot(i, j, W);
      m[{sl.lane, sl.gpr, sl.bit}] = {i, j};
    }
  return m;
}

inline long pow8(int d) {
  long m = 1;
  for (int t = 0; t < d; ++t) m *= 8;
  return m;
}
// Base-8 digits needed to give each of n fields its own code.
inline int code_digits(int n) {
  int digits = 1;
  for (long span = 8; span < n; span *= 8) ++digits;
  return digits;
}
// An image of `regs` VGPRs x W lanes holding `v` in field f only.
inline std::vector<uint32_t> single_image(const Field& f, int regs, int bits, int W, uint32_t v) {
  std::vector<uint32_t> img(size_t(W) * regs, 0);
  ref::put_field(img, regs, slot(f), bits, v);
  return img;
}
// An image where field g holds digit d of g's code, plus 1 (B of the incidence runs).
inline std::vector<uint32_t> coded_image(const std::vector<Field>& fs, int regs, int bits, int W, wt::Elem e, int d) {
  std::vector<uint32_t> img(size_t(W) * regs, 0);
  const long div = pow8(d);
  for (int g = 0; g < int(fs.size()); ++g) {
    const int digit = int((g / div) % 8) + 1;
    ref::put_field(img, regs, slot(fs[g]), bits, wt::is_int(e) ? uint32_t(digit) : wt::elem_encode(e, double(digit)));
  }
  return img;
}
// Incidence cases (one per A field a and digit d: A = one_a in field a only, B = coded
// digit d): the A and B images of all cases, back to back.
inline std::pair<std::vector<uint32_t>, std::vector<uint32_t>> incidence_inputs(
    const std::vector<Field>& af, int ar, const std::vector<Field>& bf, int br, int bits, int W, uint32_t one_a,
    wt::Elem b_elem, int digits) {
  std::vector<uint32_t> ha, hb;
  for (size_t a = 0; a < af.size(); ++a)
    for (int d = 0; d < digits; ++d) {
      const std::vector<uint32_t> ia = single_image(af[a], ar, bits, W, one_a);
      const std::vector<uint32_t> ib = coded_image(bf, br, bits, W, b_elem, d);
      ha.insert(ha.end(), ia.begin(), ia.end());
      hb.insert(hb.end(), ib.begin(), ib.end());
    }
  return {ha, hb};
}
// Runs `kernel` on nc workgroups of W lanes with the given input images (in kernel
// argument order) and an output of out_count words; returns the output.
inline std::vector<uint32_t> launch_cases(const void* kernel, size_t nc, int W,
                                          const std::vector<std::vector<uint32_t>>& inputs, size_t out_count) {
  std::vector<std::unique_ptr<rt::DevBuf<uint32_t>>> bufs;
  for (const std::vector<uint32_t>& h : inputs) bufs.push_back(std::make_unique<rt::DevBuf<uint32_t>>(h));
  rt::DevBuf<uint32_t> dd(out_count);
  dd.zero();
  std::vector<void*> args;
  for (auto& b : bufs) args.push_back(&b->p);
  args.push_back(&dd.p);
  rt::launch(kernel, rt::Dim(unsigned(nc)), rt::Dim(unsigned(W)), args);
  return dd.download();
}
// The D image of case n.
inline std::vector<uint32_t> case_image(const std::vector<uint32_t>& hd, size_t n, int W, int dr) {
  return std::vector<uint32_t>(hd.begin() + n * W * dr, hd.begin() + (n + 1) * W * dr);
}

// What one A field's `digits` incidence cases (first case `first`) produced: the D fields
// reached in each, and the B field code read in each D field.
struct Reach {
  std::vector<std::set<int>> reached;  // per digit
  std::map<int, long> code;            // D field -> code (accumulated over digits)
  bool consistent() const {
    for (size_t d = 1; d < reached.size(); ++d)
      if (reached[d] != reached[0]) return false;
    return true;
  }
  long code_of(int x) const { return code.count(x) ? code.at(x) : -1; }
};
// bad(x, v): D field x holds v, which is no digit + 1.
template <class Bad>
inline Reach decode_reach(const std::vector<uint32_t>& hd, size_t first, int digits, int W, int dr, int dbits,
                          wt::Acc acc, const std::vector<Field>& df, Bad bad) {
  Reach r{std::vector<std::set<int>>(size_t(digits)), {}};
  for (int d = 0; d < digits; ++d) {
    const std::vector<uint32_t> img = case_image(hd, first + d, W, dr);
    for (size_t x = 0; x < df.size(); ++x) {
      const double v = wt::acc_decode(acc, ref::get_field(img, dr, slot(df[x]), dbits));
      if (v == 0) continue;
      r.reached[d].insert(int(x));
      const int digit = int(v) - 1;
      if (double(int(v)) != v || digit < 0 || digit > 7) {
        bad(int(x), v);
        continue;
      }
      r.code[int(x)] += digit * pow8(d);
    }
  }
  return r;
}

// Documented coordinates each field was seen with.
struct Incidence {
  std::vector<std::set<int>> a_rows, a_second, b_cols, b_ks, d_rows, d_cols;  // a_second: k (WMMA), slot (SWMMAC)
  Incidence(size_t na, size_t nb, size_t nd)
      : a_rows(na), a_second(na), b_cols(nb), b_ks(nb), d_rows(nd), d_cols(nd) {}
};

// ---- JSON of measured fields ----
inline int only(const std::set<int>& st) { return st.size() == 1 ? *st.begin() : -1; }
// A measured set: null (empty), its element, or [a,b,...].
inline void write_set(jsonw::Writer& w, const std::set<int>& st) {
  if (st.empty()) {
    w.null();
  } else if (st.size() == 1) {
    w.value(*st.begin());
  } else {
    w.begin_array(jsonw::Style::Compact);
    for (int v : st) w.value(v);
    w.end_array();
  }
}
inline std::string set_text(const std::set<int>& st) {
  jsonw::Writer w;
  write_set(w, st);
  return w.str();
}
inline void write_or_null(jsonw::Writer& w, int v) {
  if (v < 0)
    w.null();
  else
    w.value(v);
}
inline std::string or_null_text(int v) { return v < 0 ? std::string("null") : std::to_string(v); }

// {"lane", "gpr", "bit", "measured": {...}, "documented": {...}, "match"}; measured(w) and
// documented(w) write the members of their objects.
template <class Measured, class Documented>
inline void write_field(jsonw::Writer& w, const Field& f, Measured measured, Documented documented, bool match) {
  w.begin_object(jsonw::Style::Inline).member("lane", f.lane).member("gpr", f.gpr).member("bit", f.bit);
  w.key("measured").begin_object(jsonw::Style::Inline);
  measured(w);
  w.end_object().key("documented").begin_object(jsonw::Style::Inline);
  documented(w);
  w.end_object().member("match", match).end_object();
}
// The usual field: two measured sets (names k1, k2) against a documented pair (unused: null,
// or -1 when null_unused is false).
inline void write_set_field(jsonw::Writer& w, const Field& f, const char* k1, const char* k2, const std::set<int>& m1,
                            const std::set<int>& m2, std::pair<int, int> doc, bool match, bool null_unused = true) {
  write_field(
      w, f, [&](jsonw::Writer& o) { write_set(o.key(k1), m1), write_set(o.key(k2), m2); },
      [&](jsonw::Writer& o) {
        if (null_unused) {
          write_or_null(o.key(k1), doc.first);
          write_or_null(o.key(k2), doc.second);
        } else {
          o.member(k1, doc.first).member(k2, doc.second);
        }
      },
      match);
}
// "name": {"regs", "bits", extra(w) members, "fields": [ body(w) ]}.
template <class Extra, class Body>
inline void write_operand(jsonw::Writer& w, const std::string& name, int regs, int bits, Extra extra, Body body) {
  w.key(name).begin_object(jsonw::Style::Inline).member("regs", regs).member("bits", bits);
  extra(w);
  w.key("fields").begin_array();
  body(w);
  w.end_array().end_object();
}
inline void no_extra(jsonw::Writer&) {}

// Compares every field of an operand (measured sets s1, s2 against doc); a mismatch adds
// message(field index, doc) to diffs. Returns per field whether it matches.
template <class Message>
inline std::vector<bool> compare_fields(const std::vector<Field>& fs, const DocMap& docs,
                                        const std::vector<std::set<int>>& s1, const std::vector<std::set<int>>& s2,
                                        long& mismatches, Diffs& diffs, Message message) {
  std::vector<bool> match(fs.size());
  for (size_t x = 0; x < fs.size(); ++x) {
    const auto doc = docs.at(key(fs[x]));
    match[x] = only(s1[x]) == doc.first && only(s2[x]) == doc.second;
    if (!match[x]) {
      ++mismatches;
      diffs.add(message(x, doc));
    }
  }
  return match;
}
// Writes an operand whose fields were compared by compare_fields.
template <class Extra>
inline void write_set_operand(jsonw::Writer& w, const std::string& name, int regs, int bits, Extra extra,
                              const std::vector<Field>& fs, const DocMap& docs, const char* k1, const char* k2,
                              const std::vector<std::set<int>>& s1, const std::vector<std::set<int>>& s2,
                              const std::vector<bool>& match, bool null_unused = true) {
  write_operand(w, name, regs, bits, extra, [&](jsonw::Writer& o) {
    for (size_t x = 0; x < fs.size(); ++x)
      write_set_field(o, fs[x], k1, k2, s1[x], s2[x], docs.at(key(fs[x])), match[x], null_unused);
  });
}
inline std::string field_text(const char* what, const Field& f) {
  return format("%s field (lane %d, VGPR %d, bit %d)", what, f.lane, f.gpr, f.bit);
}

// Prints the probe's summary lines after the file is written: the differences (first 20),
// then FAIL, or `pass_line` (if not empty) and PASS. Returns the exit code.
inline int finish(const char* probe_name, long mismatches, const std::vector<std::string>& diffs,
                  const std::string& pass_line) {
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
  if (mismatches || !diffs.empty()) {
    std::printf("FAIL %s: %ld fields differ from the documented layout %s\n", probe_name, mismatches,
                rt::device_tag().c_str());
    return 1;
  }
  std::printf("%s\n", pass_line.c_str());
  std::printf("PASS %s %s\n", probe_name, rt::device_tag().c_str());
  return 0;
}

// ---- WMMA probe ----------------------------------------------------------------------
struct WmmaGeometry {
  int W, ar, abits, K, dr, dbits;
  std::vector<Field> af, df;  // A fields (= B fields), D fields
  int nf, digits;
};
inline WmmaGeometry wmma_geometry(const wt::Spec& s) {
  WmmaGeometry g;
  g.W = s.wave;
  g.ar = ref::ab_regs(s.layout, g.W), g.abits = wt::elem_bits(s.a), g.K = ref::ab_depth(s.layout);
  g.dr = wt::acc_regs(s.acc, g.W), g.dbits = wt::acc_bits(s.acc);
  g.af = fields(g.ar, g.abits, g.W), g.df = fields(g.dr, g.dbits, g.W);
  g.nf = int(g.af.size());
  g.digits = code_digits(g.nf);
  return g;
}

// Documented positions (wave64: docs/facts/layouts.md#wave64-layouts; fields the
// documentation leaves unused, e.g. lanes 32-63 of iu4 16x16x16, map to (-1, -1)).
struct WmmaDocs {
  DocMap ab, d;  // A/B field -> (row or col, k); D field -> (i, j)
};
inline WmmaDocs wmma_documented(const wt::Spec& s, const WmmaGeometry& g) {
  WmmaDocs docs{unused(g.af), documented_d(g.df, g.dbits, g.W)};
  for (int i = 0; i < 16; ++i)
    for (int k = 0; k < g.K; ++k) {
      ref::Slot sl = ref::ab_slot(s.layout, i, k, g.W);
      docs.ab[{sl.lane, sl.gpr, sl.bit}] = {i, k};
    }
  return docs;
}

// The incidence runs: nf A fields x `digits` base-8 digits of the B field codes.
inline std::vector<uint32_t> wmma_run(const wt::Spec& s, const WmmaGeometry& g, const void* kernel) {
  const size_t nc = size_t(g.nf) * g.digits;
  const uint32_t one_a = wt::is_int(s.a) ? 1u : wt::elem_encode(s.a, 1.0);
  auto ab = incidence_inputs(g.af, g.ar, g.af, g.ar, g.abits, g.W, one_a, s.b, g.digits);
  std::vector<uint32_t> hc(nc * g.W * g.dr, 0);
  return launch_cases(kernel, nc, g.W, {ab.first, ab.second, hc}, nc * g.W * g.dr);
}

// Per A field: the D fields it reached and the B field codes paired with it there.
inline Incidence wmma_incidence(const wt::Spec& s, const WmmaGeometry& g, const WmmaDocs& docs,
                                const std::vector<uint32_t>& hd, Diffs& diffs) {
  const std::vector<Field>& af = g.af;
  Incidence in(af.size(), af.size(), g.df.size());
  for (int a = 0; a < g.nf; ++a) {
    const Reach r = decode_reach(hd, size_t(a) * g.digits, g.digits, g.W, g.dr, g.dbits, s.acc, g.df, [&](int x, double v) {
      diffs.add(field_text("A", af[a]) + format(": unexpected D value %g in D field (lane %d, VGPR %d, bit %d)", v,
                                                g.df[x].lane, g.df[x].gpr, g.df[x].bit));
    });
    if (!r.consistent()) diffs.add(field_text("A", af[a]) + ": reaches different D fields in different runs");
    const auto adoc = docs.ab.at(key(af[a]));
    for (int x : r.reached[0]) {
      const auto dp = docs.d.at(key(g.df[x]));
      in.a_rows[a].insert(dp.first);
      const long b = r.code_of(x);
      if (b < 0 || b >= g.nf) continue;
      const auto bdoc = docs.ab.at(key(af[b]));  // documented (col, k) of the paired B field
      in.a_second[a].insert(bdoc.second);
      in.b_cols[b].insert(dp.second);
      in.b_ks[b].insert(adoc.second);
      in.d_rows[x].insert(adoc.first);
      in.d_cols[x].insert(bdoc.first);
    }
  }
  return in;
}

// Compares A (row, k), B (col, k) and D (row, col) with the documentation and writes the
// "operands" member; returns the number of mismatching fields.
inline long wmma_write_operands(jsonw::Writer& w, const WmmaGeometry& g, const WmmaDocs& docs, const Incidence& in,
                                Diffs& diffs) {
  long mismatches = 0;
  std::vector<bool> ma(g.af.size()), mb(g.af.size());
  for (size_t a = 0; a < g.af.size(); ++a) {  // A and B differences interleaved, field by field
    const auto doc = docs.ab.at(key(g.af[a]));
    ma[a] = only(in.a_rows[a]) == doc.first && only(in.a_second[a]) == doc.second;
    mb[a] = only(in.b_cols[a]) == doc.first && only(in.b_ks[a]) == doc.second;
    if (!ma[a])
      ++mismatches, diffs.add(field_text("A", g.af[a]) + format(": measured row %s k %s, documented A[%d][%d]",
                                                                set_text(in.a_rows[a]).c_str(),
                                                                set_text(in.a_second[a]).c_str(), doc.first, doc.second));
    if (!mb[a])
      ++mismatches, diffs.add(field_text("B", g.af[a]) + format(": measured col %s k %s, documented B[%d][%d]",
                                                                set_text(in.b_cols[a]).c_str(),
                                                                set_text(in.b_ks[a]).c_str(), doc.second, doc.first));
  }
  const std::vector<bool> md =
      compare_fields(g.df, docs.d, in.d_rows, in.d_cols, mismatches, diffs, [&](size_t x, std::pair<int, int> doc) {
        return field_text("D", g.df[x]) + format(": measured D[%s][%s], documented D[%d][%d]",
                                                 set_text(in.d_rows[x]).c_str(), set_text(in.d_cols[x]).c_str(),
                                                 doc.first, doc.second);
      });
  w.key("operands").begin_object();
  write_set_operand(w, "A", g.ar, g.abits, no_extra, g.af, docs.ab, "row", "k", in.a_rows, in.a_second, ma);
  write_set_operand(w, "B", g.ar, g.abits, no_extra, g.af, docs.ab, "col", "k", in.b_cols, in.b_ks, mb);
  write_set_operand(
      w, "D", g.dr, g.dbits,
      [](jsonw::Writer& o) { o.member("note", "C shares D's layout (D = C when A = 0; checked by runtime/wmma-w32 'zeros')"); },
      g.df, docs.d, "row", "col", in.d_rows, in.d_cols, md, /*null_unused=*/false);
  w.end_object();
  return mismatches;
}

inline int probe_wmma(const char* probe_name, const wt::Spec& s, const char* instruction, const void* kernel,
                      int argc, char** argv) {
  rt::print_device_header(probe_name);
  const WmmaGeometry g = wmma_geometry(s);
  const WmmaDocs docs = wmma_documented(s, g);
  Diffs diffs;
  const Incidence in = wmma_incidence(s, g, docs, wmma_run(s, g, kernel), diffs);

  const char* status = measurement_status();
  const std::string anchor = g.W == 64 ? "docs/facts/layouts.md#wave64-layouts" : "docs/facts/layouts.md#wave32-a-and-b";
  jsonw::Writer w;
  write_header(w, probe_name, s.builtin, instruction, status, g.W);
  w.member("documented_source", anchor + " (AMD Matrix Instruction Calculator)");
  w.member("M", 16).same_line().member("N", 16).same_line().member("K", g.K);
  w.member("k_order", "observable only as the pairing of A and B fields: measured k of an A field is the "
                      "documented k of the B fields it is multiplied with (and vice versa)");
  const long mismatches = wmma_write_operands(w, g, docs, in, diffs);
  std::vector<std::string> unverified = {"docs/facts/layouts.md layouts come from AMD's Matrix Instruction Calculator, "
                                         "not from a hardware measurement by this suite unless device is hw"};
  if (g.W == 64) unverified.push_back("wave64 layouts (docs/facts/unverified.md#wave64_layouts)");
  write_tail(w, mismatches, diffs.list, unverified);
  if (!save(probe_name, argc, argv, w)) return 1;

  std::printf("wave%d A: %d fields, B: %d fields, D: %zu fields measured (%s)\n", g.W, g.nf, g.nf, g.df.size(), status);
  return finish(probe_name, mismatches, diffs.list,
                format("layout A/B/D matches %s (K pairing included)%s", anchor.c_str(),
                       g.W == 64 ? "; UNVERIFIED model wave64_layouts" : ""));
}

// ---- SWMMAC probe ----------------------------------------------------------------------
struct SwmmacGeometry {
  int W, K, G, eb, ar, br, dr, dbits;
  std::vector<Field> af, bf, df, nf;  // A, B, D fields, index nibbles
  uint32_t one_a, one_b;
};
inline SwmmacGeometry swmmac_geometry(const sp::Spec& s) {
  SwmmacGeometry g;
  g.W = s.wave, g.K = sp::depth(s.kind), g.G = sp::groups(s.kind), g.eb = sp::bits(s.kind);
  g.ar = sp::a_regs(s.kind, g.W), g.br = sp::b_regs(s.kind, g.W);
  g.dr = wt::acc_regs(s.acc, g.W), g.dbits = wt::acc_bits(s.acc);
  g.af = fields(g.ar, g.eb, g.W), g.bf = fields(g.br, g.eb, g.W), g.df = fields(g.dr, g.dbits, g.W);
  g.nf = fields(1, 4, g.W);
  g.one_a = wt::is_int(s.a) ? 1u : wt::elem_encode(s.a, 1.0);
  g.one_b = wt::is_int(s.b) ? 1u : wt::elem_encode(s.b, 1.0);
  return g;
}

struct SwmmacDocs {
  DocMap a, b, d;  // A: (row, slot); B: (col, k); D: (row, col)
};
inline SwmmacDocs swmmac_documented(const sp::Spec& s, const SwmmacGeometry& g) {
  SwmmacDocs docs{unused(g.af), unused(g.bf), documented_d(g.df, g.dbits, g.W)};
  for (int i = 0; i < 16; ++i)
    for (int grp = 0; grp < g.G; ++grp)
      for (int v = 0; v < 2; ++v) {
        ref::Slot sl = sp::a_pair_slot(s.kind, i, grp, g.W);
        docs.a[{sl.lane, sl.gpr, sl.bit + v * g.eb}] = {i, 2 * grp + v};
      }
  for (int k = 0; k < g.K; ++k)
    for (int j = 0; j < 16; ++j) {
      ref::Slot sl = sp::b_slot(s.kind, j, k, g.W);
      docs.b[{sl.lane, sl.gpr, sl.bit}] = {j, k};
    }
  return docs;
}

// 1. A/B/D incidence under the uniform index pair P: (0,1) or (2,3) in every nibble.
constexpr int kPairPos[2][2] = {{0, 1}, {2, 3}};
constexpr uint32_t kPairWord[2] = {0x44444444u, 0xeeeeeeeeu};  // nibble pos0 | pos1 << 2 in every field

inline void swmmac_incidence(const sp::Spec& s, const SwmmacGeometry& g, const SwmmacDocs& docs, const void* k0,
                             int P, Incidence& in, Diffs& diffs) {
  const int nb = int(g.bf.size()), digits = code_digits(nb);
  const size_t nc = g.af.size() * digits;
  auto ab = incidence_inputs(g.af, g.ar, g.bf, g.br, g.eb, g.W, g.one_a, s.b, digits);
  std::vector<uint32_t> hc(nc * g.W * g.dr, 0), hi(nc * g.W, kPairWord[P]);
  const std::vector<uint32_t> hd = launch_cases(k0, nc, g.W, {ab.first, ab.second, hc, hi}, nc * g.W * g.dr);
  for (size_t a = 0; a < g.af.size(); ++a) {
    const Field& fa = g.af[a];
    const Reach r = decode_reach(hd, a * digits, digits, g.W, g.dr, g.dbits, s.acc, g.df, [&](int, double v) {
      diffs.add(format("pairs (%d,%d): ", kPairPos[P][0], kPairPos[P][1]) + field_text("A", fa) +
                format(": unexpected D value %g", v));
    });
    if (!r.consistent()) diffs.add(field_text("A", fa) + ": reaches different D fields in different runs");
    const auto adoc = docs.a.at(key(fa));
    for (int x : r.reached[0]) {
      const auto dp = docs.d.at(key(g.df[x]));
      in.a_rows[a].insert(dp.first);
      const long b = r.code_of(x);
      if (b < 0 || b >= nb) continue;
      const auto bdoc = docs.b.at(key(g.bf[b]));  // (col, k) of the paired B field
      // The slot this pairing implies: group k/4, value k%4 - pos0 of the pair.
      const int v = bdoc.second % 4 - kPairPos[P][0];
      in.a_second[a].insert(bdoc.second < 0 || v < 0 || v > 1 ? -2 : 2 * (bdoc.second / 4) + v);
      in.b_cols[b].insert(dp.second);
      // The k the documented A slot takes under this pair.
      in.b_ks[b].insert(adoc.first < 0 ? -1 : 4 * (adoc.second / 2) + kPairPos[P][adoc.second % 2]);
      in.d_rows[x].insert(adoc.first);
      in.d_cols[x].insert(bdoc.first);
    }
  }
}

// 2. The index nibbles of index set `key`.
struct IndexResult {
  int key;
  std::vector<std::set<std::pair<int, int>>> governs;  // per nibble field: (row, group)
  DocMap doc;                                          // nibble -> documented (row, group)
};
inline DocMap index_documented(const sp::Spec& s, const SwmmacGeometry& g, int keyi) {
  DocMap doc = unused(g.nf);
  for (int i = 0; i < 16; ++i)
    for (int grp = 0; grp < g.G; ++grp) {
      ref::Slot sl = sp::index_slot(s.kind, i, grp, g.W, keyi);
      doc[{sl.lane, 0, sl.bit}] = {i, grp};
    }
  return doc;
}
// One case per nibble: A = 1 everywhere, B[k][j] = 1 iff k%4 < 2 and k/4 == j % G, every
// nibble (0,1) but that one (2,3). Returns the D images.
inline std::vector<uint32_t> index_run(const sp::Spec& s, const SwmmacGeometry& g, const void* kernel) {
  const size_t nc = g.nf.size();
  std::vector<uint32_t> ia(size_t(g.W) * g.ar, 0), ib(size_t(g.W) * g.br, 0);
  for (const Field& f : g.af) ref::put_field(ia, g.ar, slot(f), g.eb, g.one_a);
  for (int k = 0; k < g.K; ++k)
    for (int j = 0; j < 16; ++j)
      if (k % 4 < 2 && k / 4 == j % g.G) ref::put_field(ib, g.br, sp::b_slot(s.kind, j, k, g.W), g.eb, g.one_b);
  std::vector<uint32_t> ha, hb, hc(nc * g.W * g.dr, 0), hi(nc * g.W, 0x44444444u);
  for (size_t n = 0; n < nc; ++n) {
    ha.insert(ha.end(), ia.begin(), ia.end());
    hb.insert(hb.end(), ib.begin(), ib.end());
    uint32_t& w = hi[n * g.W + g.nf[n].lane];
    w = (w & ~(0xfu << g.nf[n].bit)) | (0xeu << g.nf[n].bit);
  }
  return launch_cases(kernel, nc, g.W, {ha, hb, hc, hi}, nc * g.W * g.dr);
}
// The (row, group) cells nibble n's case dropped from 2 to 0 (a whole group of columns).
inline std::set<std::pair<int, int>> index_governs(const sp::Spec& s, const SwmmacGeometry& g, const SwmmacDocs& docs,
                                                   const std::vector<uint32_t>& img, int keyi, const Field& nib,
                                                   Diffs& diffs) {
  std::map<std::pair<int, int>, int> zeros;  // (row, group) -> columns at 0
  for (const Field& fd : g.df) {
    const auto dp = docs.d.at(key(fd));
    if (dp.first < 0) continue;
    const double v = wt::acc_decode(s.acc, ref::get_field(img, g.dr, slot(fd), g.dbits));
    if (v == 0)
      ++zeros[{dp.first, dp.second % g.G}];
    else if (v != 2)
      diffs.add(format("index_key %d, nibble (lane %d, bits %d-%d) set to (2,3): D[%d][%d] = %g, expected 2 or 0", keyi,
                       nib.lane, nib.bit, nib.bit + 3, dp.first, dp.second, v));
  }
  std::set<std::pair<int, int>> governs;
  for (const auto& z : zeros) {
    if (z.second != 16 / g.G)
      diffs.add(format("index_key %d, nibble (lane %d, bits %d-%d): row %d group %d dropped in %d of %d columns", keyi,
                       nib.lane, nib.bit, nib.bit + 3, z.first.first, z.first.second, z.second, 16 / g.G));
    governs.insert(z.first);
  }
  return governs;
}
inline IndexResult measure_index(const sp::Spec& s, const SwmmacGeometry& g, const SwmmacDocs& docs,
                                 const void* kernel, int keyi, Diffs& diffs) {
  IndexResult r{keyi, {}, index_documented(s, g, keyi)};
  const std::vector<uint32_t> hd = index_run(s, g, kernel);
  for (size_t n = 0; n < g.nf.size(); ++n)
    r.governs.push_back(index_governs(s, g, docs, case_image(hd, n, g.W, g.dr), keyi, g.nf[n], diffs));
  return r;
}

// Compares and writes A (row, slot), B (col, k), D (row, col); returns the mismatches.
inline long swmmac_write_abd(jsonw::Writer& w, const SwmmacGeometry& g, const SwmmacDocs& docs, const Incidence& in,
                             Diffs& diffs) {
  long mismatches = 0;
  const std::vector<bool> ma =
      compare_fields(g.af, docs.a, in.a_rows, in.a_second, mismatches, diffs, [&](size_t x, std::pair<int, int> doc) {
        return field_text("A", g.af[x]) + format(": measured row %s slot %s, documented row %d slot %d",
                                                 set_text(in.a_rows[x]).c_str(), set_text(in.a_second[x]).c_str(),
                                                 doc.first, doc.second);
      });
  write_set_operand(w, "A", g.ar, g.eb, no_extra, g.af, docs.a, "row", "slot", in.a_rows, in.a_second, ma);
  const std::vector<bool> mb =
      compare_fields(g.bf, docs.b, in.b_cols, in.b_ks, mismatches, diffs, [&](size_t x, std::pair<int, int> doc) {
        return field_text("B", g.bf[x]) + format(": measured col %s k %s, documented B[%d][%d]",
                                                 set_text(in.b_cols[x]).c_str(), set_text(in.b_ks[x]).c_str(),
                                                 doc.second, doc.first);
      });
  write_set_operand(w, "B", g.br, g.eb, no_extra, g.bf, docs.b, "col", "k", in.b_cols, in.b_ks, mb);
  const std::vector<bool> md =
      compare_fields(g.df, docs.d, in.d_rows, in.d_cols, mismatches, diffs, [&](size_t x, std::pair<int, int> doc) {
        return field_text("D", g.df[x]) + format(": measured D[%s][%s], documented D[%d][%d]",
                                                 set_text(in.d_rows[x]).c_str(), set_text(in.d_cols[x]).c_str(),
                                                 doc.first, doc.second);
      });
  write_set_operand(
      w, "D", g.dr, g.dbits, [](jsonw::Writer& o) { o.member("note", "C shares D's layout"); }, g.df, docs.d, "row",
      "col", in.d_rows, in.d_cols, md);
  return mismatches;
}

// Compares and writes the nibbles of one index set ("index_key<N>"); returns the mismatches.
inline long swmmac_write_index(jsonw::Writer& w, const sp::Spec& s, const SwmmacGeometry& g, const IndexResult& r,
                               Diffs& diffs) {
  long mismatches = 0;
  auto extra = [&](jsonw::Writer& o) { o.member("index_key", r.key).member("sets", sp::index_sets(s.kind, g.W)); };
  write_operand(w, "index_key" + std::to_string(r.key), 1, 4, extra, [&](jsonw::Writer& o) {
    for (size_t n = 0; n < g.nf.size(); ++n) {
      const auto doc = r.doc.at(key(g.nf[n]));
      std::set<int> rows, groups;
      for (const auto& pr : r.governs[n]) rows.insert(pr.first), groups.insert(pr.second);
      // A nibble governing several cells lists their rows and groups pairwise.
      auto list = [&](jsonw::Writer& ow, bool row) {
        if (r.governs[n].size() == 1) return void(ow.value(row ? r.governs[n].begin()->first : r.governs[n].begin()->second));
        if (r.governs[n].empty()) return void(ow.null());
        ow.begin_array(jsonw::Style::Compact);
        for (const auto& pr : r.governs[n]) ow.value(row ? pr.first : pr.second);
        ow.end_array();
      };
      const bool m = doc.first < 0 ? r.governs[n].empty() : r.governs[n].size() == 1 && *r.governs[n].begin() == doc;
      write_field(
          o, g.nf[n], [&](jsonw::Writer& ow) { list(ow.key("row"), true), list(ow.key("group"), false); },
          [&](jsonw::Writer& ow) { write_or_null(ow.key("row"), doc.first), write_or_null(ow.key("group"), doc.second); },
          m);
      if (!m) {
        ++mismatches;
        jsonw::Writer mr, mg;
        list(mr, true), list(mg, false);
        diffs.add(format("index_key %d nibble (lane %d, bits %d-%d): governs row %s group %s, documented row %s group %s",
                         r.key, g.nf[n].lane, g.nf[n].bit, g.nf[n].bit + 3, mr.str().c_str(), mg.str().c_str(),
                         or_null_text(doc.first).c_str(), or_null_text(doc.second).c_str()));
      }
    }
  });
  return mismatches;
}

// kernels[key] = the kernel that selects index set `key` (nullptr: not probed).
// Kernel ABI as runtime/swmmac-*: kern(a, b, c, idx, d), lane-major images, one
// index word per lane.
inline int probe_swmmac(const char* probe_name, const sp::Spec& s, const char* instruction,
                        const std::vector<const void*>& kernels, int argc, char** argv) {
  rt::print_device_header(probe_name);
  const SwmmacGeometry g = swmmac_geometry(s);
  const SwmmacDocs docs = swmmac_documented(s, g);
  if (kernels.empty() || !kernels[0]) {
    std::printf("FAIL %s: no index_key 0 kernel\n", probe_name);
    return 1;
  }
  Diffs diffs;
  Incidence in(g.af.size(), g.bf.size(), g.df.size());
  for (int P = 0; P < 2; ++P) swmmac_incidence(s, g, docs, kernels[0], P, in, diffs);
  std::vector<IndexResult> idx;
  for (int keyi = 0; keyi < int(kernels.size()); ++keyi)
    if (kernels[keyi]) idx.push_back(measure_index(s, g, docs, kernels[keyi], keyi, diffs));

  const char* status = measurement_status();
  jsonw::Writer w;
  write_header(w, probe_name, s.builtin, instruction, status, g.W);
  w.member("documented_source", "docs/facts/layouts.md#swmmac-layout (AMD Matrix Instruction Calculator)");
  w.member("sparse", true).same_line().member("M", 16).same_line().member("N", 16);
  w.same_line().member("K", g.K).same_line().member("groups", g.G);
  w.member("slot", "A slot s = 2*group + v holds kept value v (0 = lower K position) of the group");
  w.key("operands").begin_object();
  long mismatches = swmmac_write_abd(w, g, docs, in, diffs);
  for (const IndexResult& r : idx) mismatches += swmmac_write_index(w, s, g, r, diffs);
  w.end_object();
  std::vector<std::string> unverified = {"SWMMAC layouts and index semantics (docs/facts/unverified.md#sparse_index)"};
  if (g.W == 64) unverified.push_back("wave64 layouts (docs/facts/unverified.md#wave64_layouts)");
  write_tail(w, mismatches, diffs.list, unverified);
  if (!save(probe_name, argc, argv, w)) return 1;

  std::printf("wave%d A: %zu fields, B: %zu fields, D: %zu fields, index: %zu nibbles x %zu index_key(s) measured (%s)\n",
              g.W, g.af.size(), g.bf.size(), g.df.size(), g.nf.size(), idx.size(), status);
  return finish(probe_name, mismatches, diffs.list,
                format("layout A/B/D/index matches docs/facts/layouts.md#swmmac-layout; UNVERIFIED model sparse_index%s",
                       g.W == 64 ? " wave64_layouts" : ""));
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

// Writes "mapping_columns" and "mapping" ([dst_lane, dst_element, src_lane, src_element] per
// element) into a kernel's object, each on a new line.
template <class Src>
inline void write_mapping(jsonw::Writer& w, const std::vector<Src>& src, int lanes, int per_lane) {
  w.new_line().key("mapping_columns").begin_array(jsonw::Style::Inline);
  for (const char* c : {"dst_lane", "dst_element", "src_lane", "src_element"}) w.value(c);
  w.end_array();
  w.new_line().key("mapping").begin_array(jsonw::Style::Compact);
  for (int L = 0; L < lanes; ++L)
    for (int j = 0; j < per_lane; ++j) {
      const Src& s = src[size_t(L) * per_lane + j];
      w.begin_array(jsonw::Style::Compact).value(L).value(j).value(s.lane).value(s.elem).end_array();
    }
  w.end_array();
}

// Whether the i16 and bf16 kernels (1, 2) delivered the f16 kernel's (0) map.
template <class Src>
inline bool b128_share_map(const std::vector<TrMeasured<Src>>& ms) {
  for (size_t x = 0; x < ms[0].src.size(); ++x)
    for (int v = 1; v < 3; ++v)
      if (ms[v].src[x].lane != ms[0].src[x].lane || ms[v].src[x].elem != ms[0].src[x].elem) return false;
  return true;
}

inline bool expect_four_kernels(const char* name, size_t nb) {
  if (nb == 4) return true;
  std::printf("FAIL %s: expected 4 transpose kernels (b128 f16, i16, bf16, b64), got %zu\n", name, nb);
  return false;
}

// The transpose-load probe file: `kernels(w)` writes one member per kernel into
// operands.transpose.
template <class Kernels>
inline bool write_tr_file(const char* name, const char* instruction, int wave, const char* documented_source,
                          const char* addressing, Kernels kernels, bool share, const std::vector<std::string>& diffs,
                          const std::vector<std::string>& unverified, int argc, char** argv) {
  jsonw::Writer w;
  write_header(w, name, "global_load_tr_*", instruction, measurement_status(), wave);
  w.member("documented_source", documented_source);
  w.member("addressing", addressing);
  w.key("operands").begin_object(jsonw::Style::Inline).key("transpose").begin_object();
  kernels(w);
  w.end_object().end_object();
  w.member("i16_bf16_share_f16_permutation", share);
  write_tail(w, long(diffs.size()), diffs, unverified);
  return save(name, argc, argv, w);
}

inline void print_differences(const std::vector<std::string>& diffs) {
  for (size_t i = 0; i < diffs.size() && i < 20; ++i) std::printf("DIFFERENCE %s\n", diffs[i].c_str());
}

namespace tr32 {
using Measured = TrMeasured<ref::TrSource>;
inline Measured measure(const void* kernel, bool b128) { return measure_tr<ref::TrSource>(kernel, b128, 32, 8); }

// One kernel's measurement against docs/facts/transpose.md (and, for B128, seed 000's formula).
struct Result {
  Measured m;
  long mism = 0, seed_mism = 0;
  bool ok = false;
  std::string model;
};
inline Result measure_and_compare(const TrKernel& b, std::vector<std::string>& diffs) {
  Result r;
  r.m = measure(b.kernel, b.b128);
  for (int L = 0; L < 32; ++L)
    for (int j = 0; j < 8; ++j) {
      const ref::TrSource got = r.m.src[L * 8 + j];
      const ref::TrSource want = b.b128 ? ref::tr_b128_source(L, j) : ref::tr_b64_source(L, j);
      if (got.lane != want.lane || got.elem != want.elem) {
        ++r.mism;
        diffs.push_back(format("%s: lane %d element %d came from lane %d element %d; model: lane %d element %d",
                               b.builtin, L, j, got.lane, got.elem, want.lane, want.elem));
      }
      if (b.b128) {  // seed 000's formula with its addressing (lane tx: row tx/4, cols (tx%4)*8..)
        const ref::RowCol fetched{ref::seed000_lane_address(got.lane).row,
                                  ref::seed000_lane_address(got.lane).col + got.elem};
        const ref::RowCol seed = ref::seed000_tr_element(L, j);
        if (fetched.row != seed.row || fetched.col != seed.col) ++r.seed_mism;
      }
    }
  if (!r.m.ok) diffs.push_back(std::string(b.builtin) + ": result elements not taken from the fetched data");
  r.ok = r.mism == 0 && r.m.ok;  // B64 too: a difference from the UNVERIFIED model is reported and fails
  r.model = b.b128 ? "docs/facts/transpose.md#transpose-b128 (third-party hardware measurement)" : ref::kTrB64Status;
  std::printf("%s: %s %s (%ld of 256 elements differ)%s\n", b.builtin, r.ok ? "matches" : "DIFFERS from",
              r.model.c_str(), r.mism,
              b.b128 ? (r.seed_mism ? "; seed 000 formula DIFFERS" : "; seed 000 formula agrees") : "");
  return r;
}
inline void write_kernel(jsonw::Writer& w, const TrKernel& b, const Result& r) {
  w.key(b.builtin).begin_object(jsonw::Style::Inline);
  w.member("bits", b.b128 ? 16 : 8).member("model", r.model).member("matches_model", r.ok);
  if (b.b128)
    w.member("seed000_formula_matches", r.seed_mism == 0);
  else
    w.key("seed000_formula_matches").null();
  write_mapping(w, r.m.src, 32, 8);
  w.end_object();
}

inline int probe_tr(const char* name, const TrKernel* bs, size_t nb, int argc, char** argv) {
  rt::print_device_header(name);
  if (!expect_four_kernels(name, nb)) return 1;
  std::vector<std::string> diffs;
  std::vector<Result> rs;
  bool all_ok = true;
  for (size_t bi = 0; bi < nb; ++bi) {
    rs.push_back(measure_and_compare(bs[bi], diffs));
    all_ok = all_ok && rs.back().ok;
  }
  std::vector<Measured> ms;
  for (const Result& r : rs) ms.push_back(r.m);
  const bool share = b128_share_map(ms);
  std::printf("seed 000: i16 and bf16 share the f16 permutation: %s\n", share ? "yes" : "NO");
  if (!share) all_ok = false;

  auto kernels = [&](jsonw::Writer& w) {
    for (size_t bi = 0; bi < nb; ++bi) write_kernel(w, bs[bi], rs[bi]);
  };
  if (!write_tr_file(name, "global_load_tr_b128 / global_load_tr_b64", 32,
                     "docs/facts/transpose.md#transpose-b128 and docs/facts/starting-pages.md#seed-000",
                     "lane s fetches 8 elements at byte offset 64*s; element e of lane s holds 8*s+e", kernels, share,
                     diffs,
                     {"global_load_tr_b64 mapping (docs/facts/unverified.md#tr_b64_mapping)",
                      "transpose loads with partial EXEC (not probed)"},
                     argc, argv))
    return 1;
  print_differences(diffs);
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

// The candidate of load_tr_w64.h the measured map equals ("" when none; the last if several).
inline std::string matching_candidate(const Measured& m) {
  std::string matched;
  for (const tr64::Candidate& c : tr64::candidates()) {
    bool eq = true;
    for (int L = 0; L < 64 && eq; ++L)
      for (int j = 0; j < 4 && eq; ++j) eq = m.src[L * 4 + j] == c.map(L, j);
    if (eq) matched = c.name;
  }
  return matched;
}
struct Result {
  Measured m;
  std::string matched;
  bool ok = false;
};
inline Result measure_and_match(const TrKernel& b, std::vector<std::string>& diffs) {
  Result r;
  r.m = measure(b.kernel, b.b128);
  r.matched = matching_candidate(r.m);
  if (!r.m.ok) diffs.push_back(std::string(b.builtin) + ": result elements not taken from the fetched data");
  if (r.matched.empty())
    diffs.push_back(std::string(b.builtin) + ": the measured map matches none of tr4x4, tr8x4x8, tr16i");
  r.ok = r.m.ok && !r.matched.empty();
  if (r.ok)
    std::printf("%s: matches candidate %s; UNVERIFIED model tr_wave64\n", b.builtin, r.matched.c_str());
  else
    std::printf("%s: DIFFERS from every candidate (see the JSON mapping)\n", b.builtin);
  return r;
}
inline void write_kernel(jsonw::Writer& w, const TrKernel& b, const Result& r) {
  w.key(b.builtin).begin_object(jsonw::Style::Inline);
  w.member("bits", b.b128 ? 16 : 8).member("lanes", 64).member("elements", 4);
  w.member("model", r.matched.empty() ? std::string("none") : r.matched).member("matches_model", r.ok);
  write_mapping(w, r.m.src, 64, 4);
  w.end_object();
}

inline int probe_tr_w64(const char* name, const TrKernel* bs, size_t nb, int argc, char** argv) {
  rt::print_device_header(name);
  if (!expect_four_kernels(name, nb)) return 1;
  std::vector<std::string> diffs;
  std::vector<Result> rs;
  bool all_ok = true;
  for (size_t bi = 0; bi < nb; ++bi) {
    rs.push_back(measure_and_match(bs[bi], diffs));
    all_ok = all_ok && rs.back().ok;
  }
  std::vector<Measured> ms;
  for (const Result& r : rs) ms.push_back(r.m);
  const bool share = b128_share_map(ms);
  std::printf("i16 and bf16 share the f16 map: %s\n", share ? "yes" : "NO");
  if (!share) {
    all_ok = false;
    diffs.push_back("global_load_tr_b128: the i16 or bf16 map differs from the f16 map");
  }
  auto kernels = [&](jsonw::Writer& w) {
    for (size_t bi = 0; bi < nb; ++bi) write_kernel(w, bs[bi], rs[bi]);
  };
  if (!write_tr_file(name, "global_load_tr_b128 / global_load_tr_b64 (wave64)", 64,
                     "none: docs/facts/transpose.md#transpose-wave64 (candidates: Inputs/cpu-reference/load_tr_w64.h)",
                     "lane s fetches 4 elements at byte offset 32*s; element e of lane s holds 4*s+e", kernels, share,
                     diffs, {"wave64 transpose mapping (docs/facts/unverified.md#tr_wave64)"}, argc, argv))
    return 1;
  print_differences(diffs);
  if (!all_ok) {
    std::printf("FAIL %s: measured map matches no candidate (see above) %s\n", name, rt::device_tag().c_str());
    return 1;
  }
  std::printf("PASS %s %s\n", name, rt::device_tag().c_str());
  return 0;
}
}  // namespace tr64p

}  // namespace layout_probe
