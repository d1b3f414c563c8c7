// The hazard scoreboard: see scoreboard.h and HAZARDS.md.
#include "scoreboard.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "rdna4emu/device.h"
#include "rdna4emu/wmma.h"

namespace rdna4emu::core {

namespace {

constexpr unsigned kNCnt = ScoreboardHot::kNCnt;
const char* kWaitName[kNCnt] = {"?", "s_wait_loadcnt", "s_wait_storecnt", "s_wait_dscnt", "s_wait_kmcnt"};


bool is_valu_family(Family f) {
  return f == Family::VOP1 || f == Family::VOP2 || f == Family::VOPC || f == Family::VOP3 ||
         f == Family::VOP3P || f == Family::VOPD;
}
bool is_salu_family(Family f) {
  return f == Family::SOP1 || f == Family::SOP2 || f == Family::SOPC || f == Family::SOPK || f == Family::SOPP;
}

void add(HzRange* arr, uint8_t& n, uint8_t cap, const Operand& o, int nregs_override = -1) {
  if (n >= cap) return;
  HzRange r;
  if (o.kind == OperandKind::VGPR) {
    r.file = 0;
  } else if (o.kind == OperandKind::SGPR) {
    if (o.reg == kNull) return;
    r.file = 1;
  } else {
    return;
  }
  int cnt = nregs_override >= 0 ? nregs_override : (o.nregs ? o.nregs : 1);
  if (cnt <= 0) return;
  r.first = o.reg;
  r.n = uint8_t(cnt);
  arr[n++] = r;
}

bool overlap(const HzRange& a, const HzRange& b) {
  return a.n && b.n && a.file == b.file && a.first < b.first + b.n && b.first < a.first + a.n;
}

}  // namespace

const char* hazard_rule_name(HazardRule r) {
  switch (r) {
    case HazardRule::LoadCnt: return "loadcnt";
    case HazardRule::DsCnt: return "dscnt";
    case HazardRule::KmCnt: return "kmcnt";
    case HazardRule::LdsBarrier: return "lds";
    case HazardRule::WmmaAB: return "wmma";
    case HazardRule::SgprRead: return "sgpr";
    default: return "?";
  }
}

std::string reg_name(unsigned file, unsigned first, unsigned n) {
  char b[48];
  if (file == 0) {
    if (n <= 1) std::snprintf(b, sizeof b, "v%u", first);
    else std::snprintf(b, sizeof b, "v[%u:%u]", first, first + n - 1);
    return b;
  }
  auto one = [](unsigned r) -> std::string {
    char t[16];
    if (r < 106) { std::snprintf(t, sizeof t, "s%u", r); return t; }
    if (r == kVccLo) return "vcc_lo";
    if (r == kVccHi) return "vcc_hi";
    if (r >= kTtmp0 && r < kTtmp0 + 16) { std::snprintf(t, sizeof t, "ttmp%u", r - kTtmp0); return t; }
    if (r == kM0) return "m0";
    if (r == kExecLo) return "exec_lo";
    if (r == kExecHi) return "exec_hi";
    std::snprintf(t, sizeof t, "sreg%u", r);
    return t;
  };
  if (n <= 1) return one(first);
  if (first == kVccLo && n == 2) return "vcc";
  if (first == kExecLo && n == 2) return "exec";
  if (first < 106) {
    std::snprintf(b, sizeof b, "s[%u:%u]", first, first + n - 1);
    return b;
  }
  return one(first) + ".." + one(first + n - 1);
}

HzInsn summarize(const Insn& in, int W) {
  HzInsn h;
  if (!in.info) return h;
  const OpInfo& oi = *in.info;
  const Family f = in.family;
  if (oi.flags & F_BARRIER_SIGNAL) {  // SOP1 on gfx12 (s_barrier_signal[_isfirst] -1)
    h.kind = HzInsn::BarrierSignal;
    return h;
  }
  // Wait instructions (row flag wait=: which counters the immediate names).
  if (oi.wait != WaitKind::None) {
    unsigned imm = unsigned(in.imm) & 0xffff;
    auto lim = [](unsigned v) { return uint8_t(std::min(v, 0xfeu)); };
    switch (oi.wait) {
      case WaitKind::Load: h.kind = HzInsn::Wait; h.wait[1] = lim(imm & 0x3f); break;
      case WaitKind::Store: h.kind = HzInsn::Wait; h.wait[2] = lim(imm & 0x3f); break;
      case WaitKind::Ds: h.kind = HzInsn::Wait; h.wait[3] = lim(imm & 0x3f); break;
      case WaitKind::Km: h.kind = HzInsn::Wait; h.wait[4] = lim(imm & 0x1f); break;
      case WaitKind::LoadDs: h.kind = HzInsn::Wait; h.wait[1] = lim((imm >> 8) & 0x3f); h.wait[3] = lim(imm & 0x3f); break;
      case WaitKind::StoreDs: h.kind = HzInsn::Wait; h.wait[2] = lim((imm >> 8) & 0x3f); h.wait[3] = lim(imm & 0x3f); break;
      case WaitKind::Idle: h.kind = HzInsn::Idle; break;
      case WaitKind::Alu: h.kind = HzInsn::WaitAlu; h.depctr = uint16_t(imm); break;
      case WaitKind::None: break;
    }
    return h;
  }
  if (f == Family::SOPP) {
    if (h.kind == HzInsn::Other) {
      h.kind = HzInsn::SALU;
      if (oi.flags & F_VCC_READ) {
        HzRange r; r.file = 1; r.first = kVccLo; r.n = uint8_t(W / 32);
        h.read[h.nread++] = r;
        h.implicit_vcc_use = true;
      }
    }
    return h;
  }
  const uint8_t RC = 10, WC = 4;
  // Memory instructions.
  if (oi.counter != Counter::None || f == Family::DS || f == Family::SMEM || f == Family::VFLAT ||
      f == Family::VGLOBAL || f == Family::VSCRATCH) {
    h.ds = f == Family::DS;
    h.smem = f == Family::SMEM;
    h.flat = f == Family::VFLAT;
    Counter c = oi.counter;
    if (c == Counter::None) c = h.ds ? Counter::DS : h.smem ? Counter::KM : Counter::LOAD;
    bool has_result = in.dst.kind != OperandKind::None;
    if (h.ds) {
      h.kind = has_result ? HzInsn::Load : HzInsn::Store;
      c = Counter::DS;
    } else if (c == Counter::STORE) {
      h.kind = HzInsn::Store;
    } else if (c == Counter::LOAD && !has_result && (oi.flags & F_ATOMIC)) {
      h.kind = HzInsn::Store;  // atomic without return: counted on STOREcnt (gfx12)
      c = Counter::STORE;
    } else {
      h.kind = HzInsn::Load;   // loads, atomics with return, global_inv (no result)
    }
    h.cnt = uint8_t(c);
    add(h.read, h.nread, RC, in.vaddr);
    add(h.read, h.nread, RC, in.saddr);
    add(h.read, h.nread, RC, in.soffset);  // VBUFFER soffset (an SGPR, or null / a constant: no range)
    for (int i = 0; i < 4; ++i) add(h.read, h.nread, RC, in.src[i]);
    if (has_result) add(h.write, h.nwrite, WC, in.dst);
    return h;
  }
  // M0-relative operands: M0 is read; the indexed src0 / destination are resolved
  // at execution (before_slow), not taken from the fields.
  const uint32_t m0f = oi.flags & (F_M0_SRC | F_M0_DST | F_M0_SPLIT);
  const bool rel_src = (oi.flags & (F_M0_SRC | F_M0_SPLIT)) != 0, rel_dst = (oi.flags & (F_M0_DST | F_M0_SPLIT)) != 0;
  if (m0f) {
    h.m0rel = true;
    HzRange m0; m0.file = 1; m0.first = kM0; m0.n = 1;
    h.read[h.nread++] = m0;
  }
  if (is_salu_family(f)) {
    h.kind = HzInsn::SALU;
    for (int i = 0; i < 4; ++i)
      if (i || !rel_src) add(h.read, h.nread, RC, in.src[i]);
    if (!rel_dst) add(h.write, h.nwrite, WC, in.dst);
    add(h.write, h.nwrite, WC, in.sdst);
    // Read-modify-write forms (s_addk, s_mulk, s_cmovk: row flag tied) read their destination.
    if (oi.flags & F_TIED)
      add(h.read, h.nread, RC, in.dst);
    return h;
  }
  if (is_valu_family(f)) {
    h.kind = HzInsn::VALU;
    h.wmma = (oi.flags & F_WMMA) != 0;
    if (h.wmma) {
      h.swmmac = (oi.flags & F_SPARSE) != 0;
      int a = 4, b = 4, cc = 8, d = 8, idx = 0;
      unsigned op = oi.opcode;
      wmma::Dense dv;
      wmma::Sparse sv;
      if (wmma::dense_from_opcode(op, &dv)) {
        wmma::Shape s = wmma::dense_shape(dv, W);
        a = s.a_regs; b = s.b_regs; cc = s.c_regs; d = s.d_regs;
      } else if (wmma::sparse_from_opcode(op, &sv)) {
        wmma::Shape s = wmma::sparse_shape(sv, W);
        a = s.a_regs; b = s.b_regs; cc = s.c_regs; d = s.d_regs; idx = s.index_regs;
      }
      if (h.swmmac && idx == 0) idx = 1;
      add(h.read, h.nread, RC, in.src[0], a);
      add(h.read, h.nread, RC, in.src[1], b);
      if (h.swmmac) {
        add(h.read, h.nread, RC, in.src[2], idx);
        add(h.read, h.nread, RC, in.dst, d);  // SWMMAC: D is also C
      } else {
        add(h.read, h.nread, RC, in.src[2], cc);
      }
      add(h.write, h.nwrite, WC, in.dst, d);
      uint8_t dummy = 0;
      add(&h.wmma_d, dummy, 1, in.dst, d);
      add(h.wmma_ab, h.nab, 3, in.src[0], a);
      add(h.wmma_ab, h.nab, 3, in.src[1], b);
      if (h.swmmac) add(h.wmma_ab, h.nab, 3, in.src[2], idx);
      return h;
    }
    for (int i = 0; i < 4; ++i)
      if (i || !rel_src) add(h.read, h.nread, RC, in.src[i]);
    if (!rel_dst) add(h.write, h.nwrite, WC, in.dst);
    add(h.write, h.nwrite, WC, in.sdst);
    // v_swap_*: src0 is written too and the destination read; v_permlane16/x16 read
    // the destination (lanes they leave unwritten keep its old value).
    if (!m0f && (oi.flags & F_SWAP)) {
      add(h.write, h.nwrite, WC, in.src[0]);
      add(h.read, h.nread, RC, in.dst);
    }
    if (oi.flags & F_READS_DST) add(h.read, h.nread, RC, in.dst);
    if (f == Family::VOPD) {
      for (int i = 0; i < 3; ++i) add(h.read, h.nread, RC, in.ysrc[i]);
      add(h.write, h.nwrite, WC, in.ydst);
    }
    for (uint8_t i = 0; i < h.nread; ++i)
      if (h.read[i].file == 1 && h.read[i].first == kVccLo) h.implicit_vcc_use = true;
    return h;
  }
  h.kind = HzInsn::Other;
  return h;
}

// ---------------------------------------------------------------------------
struct Scoreboard::WaveState : ScoreboardHot {
  // Storage of the in-flight rings (ScoreboardHot::ring points into it).
  std::vector<Flight> buf[kNCnt];
  // SGPR rule (AMDGPUWaitSGPRHazards model).
  uint64_t trk[2] = {0, 0};    // SGPRs of the pairs ever read by a VALU (both of a pair set)
  uint64_t salu_h[2] = {0, 0}; // SGPRs with an uncommitted SALU write
  uint64_t valu_h[2] = {0, 0}; // SGPRs with an uncommitted VALU write
  uint8_t vcc_h = 0;           // 1 = SALU, 2 = VALU wrote VCC
  uint32_t sgpr_writer[128];
  uint32_t wave_id = 0;

  WaveState() {
    for (unsigned c = 0; c < kNCnt; ++c) {
      buf[c].resize(c == 0 || c == uint8_t(Counter::STORE) ? 1 : 64);
      ring[c] = buf[c].data();
      mask[c] = uint32_t(buf[c].size()) - 1;
    }
  }
  void reset(uint32_t id, uint32_t no_valu) {
    pend_sum = 0;
    lv[0] = lv[1] = no_valu;
    std::memset(issued, 0, sizeof issued);
    std::memset(done, 0, sizeof done);
    std::memset(head, 0, sizeof head);
    std::memset(tail, 0, sizeof tail);
    std::memset(csum, 0, sizeof csum);
    ds_issued_at_signal = ds_done_at_signal = 0;
    signal_index = -1;
    trk[0] = trk[1] = 0;
    salu_h[0] = salu_h[1] = valu_h[0] = valu_h[1] = 0;
    vcc_h = 0;
    wave_id = id;
  }
};

namespace {
// LDS shadow of a workgroup resident on this host thread: per dword, the
// wave (+1) whose DS store last wrote it, that store's DScnt sequence number
// and its instruction index. One per resident workgroup, by Workgroup::slot (an
// ordinary launch has one workgroup at a time per thread, slot 0; a cooperative
// launch has all of them, slot = linear index).
struct LdsCell {
  uint32_t seq;
  uint32_t index;
  uint32_t wave;  // wave id + 1; 0 = never written
};
struct LdsShadow {
  std::vector<LdsCell> cells;
  std::vector<void*> waves;  // WaveState* by wave id, this workgroup
};
thread_local std::vector<LdsShadow> t_shadow;
}  // namespace

namespace {
inline bool bit_set(const uint64_t* m, unsigned reg) { return (m[reg >> 6] >> (reg & 63)) & 1; }
inline void set_bit(uint64_t* m, unsigned reg) { m[reg >> 6] |= uint64_t(1) << (reg & 63); }
// Mask word of a register: VGPRs 0..255 in words 0..3, SGPRs in words 4..5.
inline unsigned mask_base(unsigned file) { return file ? 256u : 0u; }
inline unsigned reg_limit(unsigned file) { return file ? 128u : kVgprRows; }
HazardRule rule_of(unsigned c) {
  return c == uint8_t(Counter::DS) ? HazardRule::DsCnt : c == uint8_t(Counter::KM) ? HazardRule::KmCnt : HazardRule::LoadCnt;
}
}  // namespace

Scoreboard::Options::Options() {
  for (auto& r : rule) r = true;
  // Opt-in rule (HAZARDS.md): LDS order at a barrier without a fence is a contract of
  // LLVM's memory model, not a documented gfx12 hardware hazard.
  rule[size_t(HazardRule::LdsBarrier)] = false;
}

Scoreboard::Options Scoreboard::options_from_env() {
  Options o;
  const char* e = std::getenv("RDNA4_EMU_HAZARD_RULES");
  if (!e) return o;
  std::string s(e);
  size_t p = 0;
  while (p < s.size()) {
    size_t q = s.find(',', p);
    std::string t = s.substr(p, q == std::string::npos ? std::string::npos : q - p);
    p = q == std::string::npos ? s.size() : q + 1;
    if (t.size() < 2) continue;
    bool on = t[0] != '-';
    std::string name = (t[0] == '+' || t[0] == '-') ? t.substr(1) : t;
    for (size_t i = 0; i < size_t(HazardRule::kCount); ++i)
      if (name == hazard_rule_name(HazardRule(i)) || name == "all") o.rule[i] = on;
  }
  return o;
}

Scoreboard::Scoreboard(const Program& prog, int wave_size, Options opts)
    : prog_(prog),
      W_(wave_size),
      opts_(opts),
      lds_rule_(opts.rule[size_t(HazardRule::LdsBarrier)]),
      sgpr_rule_(opts.rule[size_t(HazardRule::SgprRead)]),
      wmma_rule_(opts.rule[size_t(HazardRule::WmmaAB)]) {
  n_ = uint32_t(prog.insns.size());
  hz_.reserve(n_ + 1);
  hot_.resize(n_ + 1);    // hot_[n_]: "no last VALU" (not a WMMA)
  // Each entry is built in a local and copied in (a bulk zero-fill of the
  // array is a byte-wise rep stosb, the costliest part of the setup).
  masks_.reset(new HzMasks[n_ + 1]);
  masks_[n_] = HzMasks{};
  sg_.reserve(n_ + 1);
  for (const Insn& in : prog.insns) {
    HzInsn h = summarize(in, wave_size);
    HzHot& o = hot_[hz_.size()];
    HzMasks mk{};
    auto mark = [](uint64_t* m, const HzRange& r) {  // word at a time
      const unsigned end = std::min<unsigned>(r.first + r.n, reg_limit(r.file));
      for (unsigned reg = r.first; reg < end;) {
        const unsigned b = mask_base(r.file) + reg, lo = b & 63, cnt = std::min(end - reg, 64 - lo);
        m[b >> 6] |= (cnt == 64 ? ~uint64_t(0) : (uint64_t(1) << cnt) - 1) << lo;
        reg += cnt;
      }
    };
    auto sum = [](uint64_t& m, const HzRange& r) {
      for (unsigned k = 0; k < r.n && r.first + k < reg_limit(r.file); ++k) m |= hz_summary_bit(r.file, r.first + k);
    };
    uint64_t wsum = 0;
    for (uint8_t i = 0; i < h.nread; ++i) {
      mark(mk.touch, h.read[i]);
      sum(o.touch, h.read[i]);
    }
    for (uint8_t i = 0; i < h.nwrite; ++i) {
      mark(mk.touch, h.write[i]);
      sum(o.touch, h.write[i]);
      sum(wsum, h.write[i]);
    }
    if (h.wmma) {
      if (h.wmma_d.file == 0) {
        mark(mk.wmma_d, h.wmma_d);
        sum(o.wsum, h.wmma_d);
      }
      for (uint8_t i = 0; i < h.nab; ++i)
        if (h.wmma_ab[i].file == 0) {
          mark(mk.wmma_ab, h.wmma_ab[i]);
          sum(o.absum, h.wmma_ab[i]);
        }
    }
    o.cnt = h.cnt;
    o.flat = h.flat;
    o.wmma = h.wmma;
    const bool mem = h.kind == HzInsn::Load || h.kind == HzInsn::Store;
    // A result is tracked only while its counter's rule is on: an untracked
    // producer can never be reported, nor shadow a tracked one without a
    // WAW report first (HAZARDS.md, "Cost").
    const bool track = h.kind == HzInsn::Load && wsum && opts_.rule[size_t(rule_of(h.cnt))];
    if (track) {
      o.track = 1;
      o.wsum = wsum;
      for (uint8_t i = 0; i < h.nwrite; ++i) mark(mk.write, h.write[i]);
    }
    switch (h.kind) {
      case HzInsn::VALU:
        o.cls = (h.wmma && wmma_rule_) ? HzHot::Wmma : HzHot::Valu;
        break;
      case HzInsn::SALU:
      case HzInsn::WaitAlu:
        o.cls = HzHot::Plain;
        break;
      case HzInsn::Other: o.cls = HzHot::Plain; break;
      case HzInsn::Wait: {
        unsigned nc = 0, c1 = 0;
        for (unsigned c = 1; c < kNCnt; ++c)
          if (h.wait[c] != 0xff) { ++nc; c1 = c; }
        if (nc == 1 && c1 == uint8_t(Counter::KM) && h.wait[c1] != 0) {
          o.cls = HzHot::Plain;  // KMcnt returns out of order: only s_wait_kmcnt 0 retires anything
        } else if (nc == 1) {
          // done = max(done, issued - N); for N = 0 (any counter): done = issued.
          o.cls = h.wait[c1] == 0 ? HzHot::WaitAll : HzHot::Wait1;
          o.cnt = uint8_t(c1);
          o.wn = h.wait[c1];
        } else {
          o.cls = HzHot::Slow;
        }
        break;
      }
      case HzInsn::BarrierSignal: o.cls = HzHot::Barrier; break;
      default:
        o.cls = HzHot::Slow;
        break;
    }
    if (mem) o.cls = (h.ds && lds_rule_) ? HzHot::Slow : track ? HzHot::Track : HzHot::Issue;
    // sgpr rule: what AMDGPUWaitSGPRHazards::runOnMachineBasicBlock looks at.
    HzSgpr g;
    if (sgpr_rule_) {
      auto sgmark = [](uint64_t* m, const HzRange& r) {
        if (r.file != 1) return;
        for (unsigned k = 0; k < r.n; ++k) {
          const unsigned reg = r.first + k;
          if (reg >= 124) continue;  // NULL, M0, EXEC, >= 128: not SGPR hazards
          m[reg >> 6] |= uint64_t(1) << (reg & 63);
        }
      };
      if (h.kind == HzInsn::VALU || h.kind == HzInsn::SALU) {
        for (uint8_t i = 0; i < h.nread; ++i) sgmark(g.rd, h.read[i]);
        for (uint8_t i = 0; i < h.nwrite; ++i) sgmark(g.wr, h.write[i]);
        if (g.rd[0] | g.rd[1] | g.wr[0] | g.wr[1]) g.kind = h.kind == HzInsn::VALU ? HzSgpr::Valu : HzSgpr::Salu;
      } else if (h.kind == HzInsn::WaitAlu) {
        g.kind = HzSgpr::WaitAlu;
        g.depctr = h.depctr;
      } else if (mem && (h.smem || in.family == Family::VBUFFER)) {
        // "SMEM or VMEM clears hazards", VMEM without FLAT: global, scratch and flat
        // (FLAT encodings in LLVM) do not clear them.
        g.kind = HzSgpr::Clear;
      }
    }
    sg_.push_back(g);
    if (h.m0rel) o.cls = HzHot::Slow;  // registers known only at execution (before_slow)
    // The sgpr fast path (Scoreboard::before) runs before the class dispatch; a Slow
    // instruction has its sgpr step done once, in before_slow.
    o.sg = o.cls == HzHot::Slow ? 0 : uint8_t(sg_.back().kind);
    masks_[hz_.size()] = mk;
    hz_.push_back(h);
  }
  hz_.emplace_back();
  sg_.emplace_back();
}

Scoreboard::~Scoreboard() = default;


Scoreboard::WaveState& Scoreboard::state(Wave& w) {
  return *static_cast<WaveState*>(static_cast<ScoreboardHot*>(w.hazard));
}

void Scoreboard::wave_start(Wave& w) {
  WaveState* s = nullptr;
  {
    std::lock_guard<std::mutex> g(mu_);
    // Reuse this wave slot's state if it is ours (waves are reused across workgroups).
    for (auto& p : states_)
      if (static_cast<ScoreboardHot*>(p.get()) == w.hazard) { s = p.get(); break; }
    if (!s) {
      states_.push_back(std::make_unique<WaveState>());
      s = states_.back().get();
    }
  }
  s->reset(w.wave_id, n_);
  s->hot = hot_.data();
  w.hazard = static_cast<ScoreboardHot*>(s);
  const uint32_t slot = w.wg ? w.wg->slot : 0;
  if (t_shadow.size() <= slot) t_shadow.resize(size_t(slot) + 1);
  LdsShadow& sh = t_shadow[slot];
  if (w.wave_id == 0 && lds_rule_) {
    uint32_t cells = w.wg ? (w.wg->lds_size + 3) / 4 : 0;
    sh.cells.assign(cells, LdsCell{0, 0, 0});
    sh.waves.clear();
  }
  if (sh.waves.size() <= w.wave_id) sh.waves.resize(w.wave_id + 1, nullptr);
  sh.waves[w.wave_id] = s;
}

bool Scoreboard::violation(Wave& w, const Insn& in, const std::string& msg) {
  w.fault_at(int(Fault::HazardViolation), in, msg);
  return false;
}

static std::string pc_hex(uint32_t pc) {
  char b[16];
  std::snprintf(b, sizeof b, "0x%x", pc);
  return b;
}

static const char* mnem(const Insn& in) { return in.info ? in.info->mnemonic : "?"; }

// DS address ranges of one lane: up to two (2addr forms).
static int ds_ranges(const Insn& in, uint32_t base, uint32_t* addr, uint32_t* size) {
  const OpInfo& oi = *in.info;
  OpType t = in.dst.kind != OperandKind::None ? oi.dst : oi.src0;
  uint32_t total = t == OpType::B64 ? 8 : t == OpType::B96 ? 12 : t == OpType::B128 ? 16 : 4;
  if (oi.flags & F_DS_2ADDR) {
    // Element size: the data operand (stores) or half the loaded pair (loads).
    uint32_t esz = oi.dst != OpType::None ? total / 2 : (oi.src0 == OpType::B64 ? 8 : 4);
    uint32_t mul = (oi.flags & F_DS_STRIDE64) ? 64 * esz : esz;
    addr[0] = base + uint32_t(in.imm & 0xff) * mul;
    addr[1] = base + uint32_t(in.offset1) * mul;
    size[0] = size[1] = esz;
    return 2;
  }
  addr[0] = base + (uint32_t(in.imm & 0xff) | (uint32_t(in.offset1) << 8));
  size[0] = total;
  return 1;
}

bool Scoreboard::check_lds(Wave& w, const Insn& in, WaveState& s, bool is_store) {
  if (!w.wg || w.wg->slot >= t_shadow.size() || in.vaddr.kind != OperandKind::VGPR) return true;
  LdsShadow& sh = t_shadow[w.wg->slot];
  if (sh.cells.empty()) return true;
  const bool reads = (in.info->flags & F_LDS_READ) != 0;
  const bool writes = (in.info->flags & F_LDS_WRITE) != 0;
  if (!reads && !writes) return true;
  const uint32_t* va = w.vreg(in.vaddr.reg);
  const uint32_t ncells = uint32_t(sh.cells.size());
  uint64_t e = w.exec();
  const uint32_t seq = s.issued[uint8_t(Counter::DS)] + 1;  // this instruction's sequence number
  while (e) {
    unsigned l = unsigned(__builtin_ctzll(e));
    e &= e - 1;
    uint32_t addr[2], size[2];
    int n = ds_ranges(in, va[l], addr, size);
    for (int k = 0; k < n; ++k) {
      uint32_t c0 = addr[k] / 4, c1 = (addr[k] + size[k] + 3) / 4;
      if (c1 > ncells || c0 >= c1) continue;  // out of range: the executor reports it
      for (uint32_t c = c0; c < c1; ++c) {
        LdsCell& cell = sh.cells[c];
        if (reads && cell.wave && cell.wave - 1 != s.wave_id && opts_.rule[size_t(HazardRule::LdsBarrier)]) {
          uint32_t wid = cell.wave - 1;
          WaveState* ws = wid < sh.waves.size() ? static_cast<WaveState*>(sh.waves[wid]) : nullptr;
          if (ws && ws->signal_index >= 0 && cell.seq <= ws->ds_issued_at_signal && cell.seq > ws->ds_done_at_signal) {
            const Insn& st = prog_.insns[cell.index];
            const Insn& sig = prog_.insns[size_t(ws->signal_index)];
            char b[96];
            std::snprintf(b, sizeof b, "LDS bytes [0x%x, 0x%x) (lane %u)", c * 4, c * 4 + 4, l);
            return violation(w, in,
                             std::string("missing s_wait_dscnt before s_barrier_signal: ") + b + " read by " +
                                 mnem(in) + " at pc " + pc_hex(in.pc) + " of wave " + std::to_string(s.wave_id) +
                                 " were written by " + mnem(st) + " at pc " + pc_hex(st.pc) + " of wave " +
                                 std::to_string(wid) + ", which was not complete (DScnt) when that wave executed " +
                                 mnem(sig) + " at pc " + pc_hex(sig.pc) + " [rule lds]");
          }
        }
        if (writes) {
          cell.seq = seq;
          cell.index = in.index;
          cell.wave = s.wave_id + 1;
        }
      }
    }
  }
  (void)is_store;
  return true;
}

namespace {
constexpr unsigned kNeedVaSdst = 1, kNeedSaSdst = 2, kNeedVaVcc = 4;
constexpr uint64_t kVccMask1 = uint64_t(3) << (kVccLo - 64);  // vcc_lo, vcc_hi in word 1
// Both SGPRs of every pair that has one in m.
inline uint64_t pairs_of(uint64_t m) {
  const uint64_t even = 0x5555555555555555ull;
  return m | ((m & even) << 1) | ((m >> 1) & even);
}
}  // namespace

// LLVM AMDGPUWaitSGPRHazards (gfx12), executed per wave on the path taken
// (HAZARDS.md, rule sgpr). Hazard bits exist only for tracked pairs (a write
// sets them only when its pair is tracked, and pairs are never untracked), so
// testing against the state before the instruction is what LLVM's operand
// by operand walk gives.
unsigned Scoreboard::sgpr_need(const WaveState& s, uint32_t idx, unsigned* reg) const {
  const HzSgpr& g = sg_[idx];
  if (g.kind != HzSgpr::Valu && g.kind != HzSgpr::Salu) return 0;
  const bool valu = g.kind == HzSgpr::Valu;
  const uint64_t rt0 = g.rd[0] & s.trk[0], rt1 = g.rd[1] & s.trk[1];
  const uint64_t nv1 = rt1 & ~kVccMask1;
  unsigned need = 0;
  uint64_t hit0 = (rt0 & s.salu_h[0]), hit1 = (nv1 & s.salu_h[1]);
  if (hit0 | hit1) need |= kNeedSaSdst;
  if (valu) {
    const uint64_t v0 = rt0 & s.valu_h[0], v1 = nv1 & s.valu_h[1];
    if (v0 | v1) need |= kNeedVaSdst;
    hit0 |= v0;
    hit1 |= v1;
  }
  if ((rt1 & kVccMask1) && s.vcc_h) {
    // An SALU read of VCC with a VALU write pending clears the VCC hazard (SALU
    // reads wait for VALU SGPR writes); otherwise an SALU write needs sa_sdst and,
    // for a VALU read, a VALU write va_vcc.
    bool vh = false;
    if (!valu) {
      if (!(s.vcc_h & 2) && (s.vcc_h & 1)) need |= kNeedSaSdst, vh = true;
    } else {
      if (s.vcc_h & 1) need |= kNeedSaSdst, vh = true;
      if (s.vcc_h & 2) need |= kNeedVaVcc, vh = true;
    }
    if (vh) hit1 |= rt1 & kVccMask1;
  }
  if (need && reg) *reg = hit0 ? unsigned(__builtin_ctzll(hit0)) : 64 + unsigned(__builtin_ctzll(hit1));
  return need;
}

void Scoreboard::sgpr_commit(WaveState& s, uint32_t idx) const {
  const HzSgpr& g = sg_[idx];
  switch (g.kind) {
    case HzSgpr::WaitAlu: {
      const unsigned d = g.depctr;
      if (((d >> 1) & 1) == 0) s.vcc_h &= ~2;                                        // va_vcc(0)
      if ((d & 1) == 0) { s.salu_h[0] = s.salu_h[1] = 0; s.vcc_h &= ~1; }           // sa_sdst(0)
      if (((d >> 9) & 7) == 0) s.valu_h[0] = s.valu_h[1] = 0;                        // va_sdst(0)
      return;
    }
    case HzSgpr::Clear:
      s.salu_h[0] = s.salu_h[1] = s.valu_h[0] = s.valu_h[1] = 0;
      s.vcc_h = 0;
      return;
    case HzSgpr::Valu:
    case HzSgpr::Salu:
      break;
    default:
      return;
  }
  const bool valu = g.kind == HzSgpr::Valu;
  const uint64_t rt0 = g.rd[0] & s.trk[0], rt1 = g.rd[1] & s.trk[1];
  if (!valu) {
    // An SALU that reads an SGPR does not issue before every VALU SGPR write is done
    // (VA_SDST = 0; llvm PR #131111), so it clears the VALU hazards, whichever pair it
    // reads. (LLVM's pass clears them on reads of tracked pairs only; its tracked set,
    // a union over all paths, holds more pairs than the executed path's.)
    if (g.rd[0] | (g.rd[1] & ~kVccMask1)) s.valu_h[0] = s.valu_h[1] = 0;
    if ((g.rd[1] & kVccMask1) && (s.vcc_h & 2)) s.vcc_h = 0;
  } else {
    s.trk[0] |= pairs_of(g.rd[0]);  // pairs read by a VALU become tracked
    s.trk[1] |= pairs_of(g.rd[1]);
  }
  const uint64_t w0 = g.wr[0] & s.trk[0], w1 = g.wr[1] & s.trk[1];
  if (!(w0 | w1)) return;
  if (w1 & kVccMask1) s.vcc_h = valu ? 2 : 1;
  uint64_t* hz = valu ? s.valu_h : s.salu_h;
  hz[0] |= w0;
  hz[1] |= w1 & ~kVccMask1;
  for (uint64_t m = w0; m; m &= m - 1) s.sgpr_writer[__builtin_ctzll(m)] = idx;
  for (uint64_t m = w1; m; m &= m - 1) s.sgpr_writer[64 + __builtin_ctzll(m)] = idx;
}

bool Scoreboard::sgpr_step(ScoreboardHot& hs, uint32_t idx) const {
  WaveState& s = static_cast<WaveState&>(hs);
  if (sgpr_need(s, idx, nullptr)) return false;
  sgpr_commit(s, idx);
  return true;
}

bool Scoreboard::check_sgpr(Wave& w, const Insn& in, WaveState& s) {
  unsigned reg = 0;
  const unsigned need = sgpr_need(s, in.index, &reg);
  if (!need) {
    sgpr_commit(s, in.index);
    return true;
  }
  const Insn& prod = prog_.insns[s.sgpr_writer[reg & 127]];
  std::string which = (need & kNeedSaSdst) ? "depctr_sa_sdst(0)" : (need & kNeedVaSdst) ? "depctr_va_sdst(0)" : "depctr_va_vcc(0)";
  const char* src = (need & kNeedSaSdst) ? "an SALU" : "a VALU";
  return violation(w, in,
                   "missing s_wait_alu " + which + " (gfx12 SGPR read hazard): " + reg_name(1, reg, 1) +
                       " read by " + mnem(in) + " at pc " + pc_hex(in.pc) + " was written by " + src + " (" +
                       mnem(prod) + " at pc " + pc_hex(prod.pc) +
                       ") and its register pair was read by a VALU before [rule sgpr]");
}

void Scoreboard::retire(ScoreboardHot& s) {
  for (unsigned c = 1; c < kNCnt; ++c)
    if (s.head[c] != s.tail[c]) retire1(s, c);
}

void Scoreboard::retire1(ScoreboardHot& s, unsigned c) {
  uint32_t h = s.head[c];
  const uint32_t t = s.tail[c], m = s.mask[c], d = s.done[c];
  const ScoreboardHot::Flight* r = s.ring[c];
  while (h != t && r[h & m].seq <= d) ++h;
  s.head[c] = h;
  uint64_t sum = 0;
  for (; h != t; ++h) sum |= r[h & m].sum;
  s.csum[c] = sum;
  s.pend_sum = s.csum[1] | s.csum[2] | s.csum[3] | s.csum[4];
}

void Scoreboard::apply_wait(ScoreboardHot& s, const uint8_t* wait) {
  bool any = false;
  for (unsigned c = 1; c < kNCnt; ++c) {
    const uint32_t n = wait[c];
    if (n == 0xff) continue;
    if (c == uint8_t(Counter::KM)) {
      if (n == 0) s.done[c] = s.issued[c];  // out of order: only a wait for 0 guarantees a result
    } else if (s.issued[c] >= n) {
      s.done[c] = std::max(s.done[c], s.issued[c] - n);
    }
    any |= s.retirable(c);
  }
  if (any) retire(s);
}

bool Scoreboard::touches_pending(const ScoreboardHot& s, uint32_t idx) const {
  const uint64_t tsum = hot_[idx].touch;
  const uint64_t* t = masks_[idx].touch;
  for (unsigned c = 1; c < kNCnt; ++c) {
    const uint32_t m = s.mask[c];
    for (uint32_t i = s.head[c]; i != s.tail[c]; ++i) {
      const ScoreboardHot::Flight& f = s.ring[c][i & m];
      if (!(f.sum & tsum)) continue;
      const uint64_t* w = masks_[f.index].write;
      uint64_t any = 0;
      for (unsigned k = 0; k < kHzMaskWords; ++k) any |= w[k] & t[k];
      if (any) return true;
    }
  }
  return false;
}

void Scoreboard::grow(ScoreboardHot& hs, unsigned c) {
  WaveState& s = static_cast<WaveState&>(hs);
  const uint32_t cap = s.mask[c] + 1;
  std::vector<ScoreboardHot::Flight> nb(size_t(cap) * 2);
  for (uint32_t i = 0; i < cap; ++i) nb[i] = s.ring[c][(s.head[c] + i) & s.mask[c]];
  s.buf[c].swap(nb);
  s.ring[c] = s.buf[c].data();
  s.mask[c] = cap * 2 - 1;
  s.tail[c] = cap;
  s.head[c] = 0;
}

const ScoreboardHot::Flight* Scoreboard::producer(const ScoreboardHot& s, unsigned file, unsigned reg,
                                                  unsigned* cnt) const {
  // Without an earlier report, the in-flight producers of one register are
  // all on one counter (a load overwriting a result in flight on another
  // counter is a WAW report; untracked counters have no entries), so the
  // newest entry of the first counter that has one is the latest producer.
  const unsigned b = mask_base(file) + reg;
  for (unsigned c = 1; c < kNCnt; ++c) {
    const uint32_t m = s.mask[c];
    for (uint32_t i = s.tail[c]; i != s.head[c]; --i) {  // newest first
      const ScoreboardHot::Flight& f = s.ring[c][(i - 1) & m];
      if (!bit_set(masks_[f.index].write, b)) continue;
      *cnt = c;
      return &f;
    }
  }
  return nullptr;
}

// The registers an M0-relative instruction (HzInsn::m0rel) reads and writes with
// the wave's current M0, added to h (as the semantics files resolve them:
// semantics.h movrel_reg for VGPRs, salu.h movrel_index for SGPRs). An index
// the instruction will fault on adds nothing.
static void m0rel_ranges(HzInsn& h, const Wave& w, const Insn& in) {
  const uint32_t fl = in.info->flags, m0 = w.s[kM0];
  const bool split = (fl & F_M0_SPLIT) != 0, swap = (fl & F_SWAP) != 0;
  const bool valu = is_valu_family(in.family);
  auto one = [&](const Operand& o, uint64_t off, bool read, bool write) {
    HzRange r;
    if (valu) {
      if (o.kind != OperandKind::VGPR || o.reg + off >= kVgprRows) return;
      r.file = 0;
      r.first = uint16_t(o.reg + off);
    } else {
      const uint64_t idx = o.code + off;
      if (idx + std::max<uint8_t>(o.nregs, 1) > kTtmp0) return;
      r.file = 1;
      r.first = uint16_t(idx);
    }
    r.n = std::max<uint8_t>(o.nregs, 1);
    if (read && h.nread < 10) h.read[h.nread++] = r;
    if (write && h.nwrite < 4) h.write[h.nwrite++] = r;
  };
  if (fl & (F_M0_SRC | F_M0_SPLIT)) one(in.src[0], split ? (m0 & 0x3ff) : m0, true, swap);
  if (fl & (F_M0_DST | F_M0_SPLIT)) one(in.dst, split ? ((m0 >> 16) & 0x3ff) : m0, swap, true);
}

bool Scoreboard::before_slow(Wave& w, const Insn& in) {
  if (!w.hazard) return true;
  WaveState& s = state(w);
  if (in.index >= n_) return true;
  HzInsn rel;
  const HzInsn* hp = &hz_[in.index];
  if (hp->m0rel) {
    rel = *hp;
    m0rel_ranges(rel, w, in);
    hp = &rel;
  }
  const HzInsn& h = *hp;
  switch (h.kind) {
    case HzInsn::Wait:
      apply_wait(s, h.wait);
      return true;
    case HzInsn::Idle:
      for (unsigned c = 1; c < kNCnt; ++c) s.done[c] = s.issued[c];
      retire(s);
      return true;
    case HzInsn::BarrierSignal:
      s.ds_issued_at_signal = s.issued[uint8_t(Counter::DS)];
      s.ds_done_at_signal = s.done[uint8_t(Counter::DS)];
      s.signal_index = in.index;
      return true;
    case HzInsn::WaitAlu:
      if (sgpr_rule_) sgpr_commit(s, in.index);
      return true;
    default:
      break;
  }
  // Any register of this instruction with an in-flight result? (pend is exact.)
  // (The exact masks do not cover M0-relative registers: those go to the checks below.)
  const bool inflight = h.m0rel || touches_pending(s, in.index);
  // The first register of `ranges` whose in-flight result this instruction must
  // wait for under an enabled rule (f null: none). `write`: a later load on the
  // same in-order counter (not KM) returns after the earlier one, so it may overwrite.
  struct Hit {
    const HzRange* r = nullptr;
    unsigned k = 0, c = 0;
    const ScoreboardHot::Flight* f = nullptr;
  };
  auto first_inflight = [&](const HzRange* ranges, uint8_t n, bool write) {
    Hit hit;
    for (uint8_t i = 0; i < n; ++i) {
      const HzRange& r = ranges[i];
      const unsigned lim = reg_limit(r.file);
      for (unsigned k = 0; k < r.n && r.first + k < lim; ++k) {
        const unsigned reg = r.first + k;
        if (!(s.pend_sum & hz_summary_bit(r.file, reg))) continue;
        unsigned c = 0;
        const ScoreboardHot::Flight* f = producer(s, r.file, reg, &c);
        if (!f) continue;
        // WAW between two loads on one counter: LDS returns in order (the later load
        // writes last); gfx12 VMEM loads may write their VGPRs out of order and SMEM
        // returns out of order, so only DS is exempt (HAZARDS.md, "WAW").
        if (write && h.kind == HzInsn::Load && h.cnt == c && c == uint8_t(Counter::DS)) continue;
        if (!opts_.rule[size_t(rule_of(c))]) continue;
        hit.r = &r, hit.k = k, hit.c = c, hit.f = f;
        return hit;
      }
    }
    return hit;
  };
  auto report = [&](const Hit& x, unsigned nregs, const char* access, const char* why) {
    const Insn& prod = prog_.insns[x.f->index];
    return violation(w, in,
                     std::string("missing ") + kWaitName[x.c] + ": " + reg_name(x.r->file, x.r->first + x.k, nregs) +
                         access + mnem(in) + " at pc " + pc_hex(in.pc) + " before " + mnem(prod) + " at pc " +
                         pc_hex(prod.pc) + " completed" + why + " [rule " + hazard_rule_name(rule_of(x.c)) + "]");
  };
  if (inflight) {
    // Reads of in-flight results (RAW): name the whole overlap of the operand with
    // the producer's result.
    const Hit rd = first_inflight(h.read, h.nread, false);
    if (rd.f) {
      const HzRange& r = *rd.r;
      const unsigned lim = reg_limit(r.file);
      unsigned b = rd.k;
      while (b + 1 < r.n && r.first + b + 1 < lim) {
        unsigned c2 = 0;
        if (producer(s, r.file, r.first + b + 1, &c2) != rd.f) break;
        ++b;
      }
      return report(rd, b - rd.k + 1, " read by ", "");
    }
    // Overwrites of registers with an in-flight result (WAW: the late result
    // would clobber the new value).
    const Hit wr = first_inflight(h.write, h.nwrite, true);
    if (wr.f) return report(wr, 1, " overwritten by ", " (its late result would clobber the new value)");
  }
  if (h.kind == HzInsn::VALU) {
    // WMMA D -> WMMA A/B (GCNHazardRecognizer::fixWMMAHazards, gfx12 form).
    if (h.wmma && s.lv[0] < n_ && opts_.rule[size_t(HazardRule::WmmaAB)]) {
      const HzInsn& p = hz_[s.lv[0]];
      if (p.wmma) {
        static const char* role[3] = {"A", "B", "index"};
        for (uint8_t i = 0; i < h.nab; ++i) {
          if (!overlap(p.wmma_d, h.wmma_ab[i])) continue;
          const Insn& prod = prog_.insns[s.lv[0]];
          unsigned lo = std::max(p.wmma_d.first, h.wmma_ab[i].first);
          unsigned hi = std::min(p.wmma_d.first + p.wmma_d.n, h.wmma_ab[i].first + h.wmma_ab[i].n);
          return violation(w, in,
                           std::string("missing v_nop (WMMA hazard): ") + reg_name(0, lo, hi - lo) + " written as D by " +
                               mnem(prod) + " at pc " + pc_hex(prod.pc) + " is read as " +
                               role[h.swmmac ? i : std::min<int>(i, 1)] + " by " + mnem(in) + " at pc " +
                               pc_hex(in.pc) +
                               " with no VALU instruction in between (GCNHazardRecognizer::fixWMMAHazards) [rule wmma]");
        }
      }
    }
    s.lv[0] = in.index;
  }
  if ((h.kind == HzInsn::VALU || h.kind == HzInsn::SALU) && sgpr_rule_) {
    if (!check_sgpr(w, in, s)) return false;
  }
  if (h.kind == HzInsn::Load || h.kind == HzInsn::Store) {
    if (sgpr_rule_) sgpr_commit(s, in.index);  // SMEM / non-FLAT VMEM clear the SGPR hazards
    if (h.ds && lds_rule_ && !check_lds(w, in, s, h.kind == HzInsn::Store)) return false;
    if (hot_[in.index].track) {
      issue_tracked(s, hot_[in.index], in.index);
    } else {
      ++s.issued[h.cnt];
      if (h.flat) ++s.issued[uint8_t(Counter::DS)];
    }
  }
  return true;
}

}  // namespace rdna4emu::core
