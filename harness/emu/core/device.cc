// The Device: address space, launches, the wave scheduler and the execution loop.
//
// Execution model (see README.md): the waves of one workgroup run
// cooperatively on one host thread (a wave runs until it ends, faults,
// blocks in s_barrier_wait or executes s_sleep; then the next wave runs). Workgroups are handed
// to LaunchOptions::threads host threads through an atomic counter; each
// workgroup's results depend only on its own execution, so the output is
// bit-identical for any thread count (except for programs whose workgroups
// race on the same global memory, e.g. global atomics: their final values
// are order-independent for commutative atomics, intermediate returns are not).
// A cooperative launch (LaunchOptions::cooperative) instead makes every workgroup
// resident at once on one host thread and interleaves all their waves
// (run_cooperative), so that workgroups can wait for each other.
#include <algorithm>
#include <cstddef>
#include <cstdlib>
#include <sys/mman.h>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <map>
#include <mutex>
#include <thread>

#include "rdna4emu/core/decoder.h"
#include "rdna4emu/core/program.h"
#include "rdna4emu/device.h"
#include "scoreboard.h"
#include "semantics.h"
#include "rdna4emu/wmma.h"

namespace rdna4emu {

const char* fault_name(Fault f) {
  switch (f) {
    case Fault::None: return "none";
    case Fault::IllegalInstruction: return "IllegalInstruction";
    case Fault::MemoryViolation: return "MemoryViolation";
    case Fault::BudgetExceeded: return "BudgetExceeded";
    case Fault::HazardViolation: return "HazardViolation";
    case Fault::LaunchError: return "LaunchError";
  }
  return "?";
}

using namespace core;

namespace {
constexpr uint64_t kDeviceBase = 0x100000000000ull;
constexpr uint64_t kDeviceLimit = 0x1f0000000000ull;
constexpr uint64_t kBudgetChunk = 1 << 16;
// Cooperative launches: a wave takes its budget in chunks of this size and yields to the
// other waves at the end of each, so a wave spinning without s_sleep cannot starve the
// workgroups it waits for.
constexpr uint64_t kQuantum = 1 << 12;

// Host storage of one device allocation, zero-filled. Allocations of 2 MiB
// or more are 2 MiB aligned and advised as huge pages (Linux THP "madvise"
// mode): a kernel walking a large matrix row by row then needs far fewer host
// TLB entries. Contents and addresses are unaffected.
struct HostBuffer {
  uint8_t* p = nullptr;
  HostBuffer() = default;
  HostBuffer(const HostBuffer&) = delete;
  HostBuffer& operator=(const HostBuffer&) = delete;
  HostBuffer(HostBuffer&& o) noexcept : p(o.p) { o.p = nullptr; }
  HostBuffer& operator=(HostBuffer&& o) noexcept {
    std::swap(p, o.p);
    return *this;
  }
  ~HostBuffer() { std::free(p); }
  bool allocate(uint64_t n) {
    constexpr uint64_t kHuge = uint64_t(2) << 20;
    if (n >= kHuge) {
      const uint64_t rounded = (n + kHuge - 1) & ~(kHuge - 1);
      p = static_cast<uint8_t*>(std::aligned_alloc(kHuge, rounded));
#ifdef MADV_HUGEPAGE
      if (p) (void)madvise(p, rounded, MADV_HUGEPAGE);  // advice only: failure changes nothing
#endif
    } else {
      p = static_cast<uint8_t*>(std::malloc(n));
    }
    if (!p) return false;
    std::memset(p, 0, n);
    return true;
  }
  uint8_t* data() const { return p; }
};

struct Block {
  uint64_t size;
  HostBuffer data;
};
}  // namespace

class DeviceImpl {
 public:
  std::string arch;
  std::map<uint64_t, Block> allocs;  // base -> block
  std::map<uint64_t, uint64_t> host_maps;  // mapped host memory: address -> size (map_host)
  uint64_t next = kDeviceBase;
  std::mutex cache_mu;
  struct CacheKey {
    const CodeObject* co;
    uint64_t vaddr;
    uint64_t hash;
    bool operator<(const CacheKey& o) const {
      return std::tie(co, vaddr, hash) < std::tie(o.co, o.vaddr, o.hash);
    }
  };
  std::map<CacheKey, std::shared_ptr<const Program>> programs;
  std::map<CacheKey, uint64_t> images;  // code object -> device address of its mapped image

  const std::pair<const uint64_t, Block>* find(uint64_t addr) const {
    auto it = allocs.upper_bound(addr);
    if (it == allocs.begin()) return nullptr;
    --it;
    return addr - it->first < it->second.size ? &*it : nullptr;
  }
  uint8_t* span(uint64_t addr, uint64_t n) {
    auto* p = find(addr);
    if (!p || n > p->second.size - (addr - p->first)) return nullptr;
    return const_cast<uint8_t*>(p->second.data.data()) + (addr - p->first);
  }
};

Device::Device(std::string arch) : impl_(new DeviceImpl) { impl_->arch = std::move(arch); }
Device::~Device() = default;
const std::string& Device::arch() const { return impl_->arch; }

uint64_t Device::alloc(uint64_t bytes, uint64_t align) {
  if (align == 0 || (align & (align - 1))) return 0;
  if (align < 256) align = 256;
  uint64_t sz = bytes ? bytes : 1;
  uint64_t base = (impl_->next + align - 1) & ~(align - 1);
  if (sz > kDeviceLimit - base) return 0;
  Block b;
  b.size = sz;
  if (sz > (uint64_t(1) << 46) || !b.data.allocate(sz)) return 0;
  impl_->allocs.emplace(base, std::move(b));
  // Leave a 4 KiB unmapped gap after every allocation so overruns fault.
  impl_->next = base + sz + 4096;
  return base;
}

bool Device::free(uint64_t base) { return impl_->allocs.erase(base) > 0; }

bool Device::write(uint64_t addr, const void* src, uint64_t n) {
  if (n == 0) return impl_->find(addr) != nullptr;
  uint8_t* p = impl_->span(addr, n);
  if (!p) return false;
  std::memcpy(p, src, n);
  return true;
}
bool Device::read(uint64_t addr, void* dst, uint64_t n) const {
  if (n == 0) return impl_->find(addr) != nullptr;
  uint8_t* p = impl_->span(addr, n);
  if (!p) return false;
  std::memcpy(dst, p, n);
  return true;
}
bool Device::fill(uint64_t addr, uint8_t value, uint64_t n) {
  uint8_t* p = n ? impl_->span(addr, n) : nullptr;
  if (n && !p) return false;
  if (n) std::memset(p, value, n);
  return n ? true : impl_->find(addr) != nullptr;
}
bool Device::copy(uint64_t dst, uint64_t src, uint64_t n) {
  if (n == 0) return true;
  uint8_t* d = impl_->span(dst, n);
  uint8_t* s = impl_->span(src, n);
  if (!d || !s) return false;
  std::memmove(d, s, n);
  return true;
}
std::optional<Allocation> Device::find(uint64_t addr) const {
  auto* p = impl_->find(addr);
  if (!p) return std::nullopt;
  return Allocation{p->first, p->second.size};
}
std::optional<Allocation> Device::nearest(uint64_t addr) const {
  std::optional<Allocation> best;
  uint64_t dist = ~0ull;
  for (auto& [base, b] : impl_->allocs) {
    uint64_t d = addr < base ? base - addr : addr >= base + b.size ? addr - (base + b.size) + 1 : 0;
    if (d < dist) { dist = d; best = Allocation{base, b.size}; }
  }
  return best;
}

bool Device::map_host(void* host, uint64_t n) {
  const uint64_t a = reinterpret_cast<uint64_t>(host);
  if (!host || n == 0 || a + n < a) return false;
  auto overlaps = [&](uint64_t lo, uint64_t hi) { return a < hi && lo < a + n; };
  if (overlaps(kDeviceBase, kDeviceLimit) || overlaps(kSharedAperture, kSharedAperture + kApertureSize) ||
      overlaps(kPrivateAperture, kPrivateAperture + kApertureSize))
    return false;
  auto it = impl_->host_maps.upper_bound(a);
  if (it != impl_->host_maps.end() && overlaps(it->first, it->first + it->second)) return false;
  if (it != impl_->host_maps.begin() && overlaps(std::prev(it)->first, std::prev(it)->first + std::prev(it)->second))
    return false;
  impl_->host_maps.emplace(a, n);
  return true;
}

bool Device::unmap_host(void* host) { return impl_->host_maps.erase(reinterpret_cast<uint64_t>(host)) > 0; }

uint64_t Device::code_object_base(const CodeObject& co) {
  const auto& img = co.image();
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < img.size(); i += 61) h = (h ^ img[i]) * 1099511628211ull;
  DeviceImpl::CacheKey key{&co, img.size(), h};
  {
    std::lock_guard<std::mutex> g(impl_->cache_mu);
    auto it = impl_->images.find(key);
    if (it != impl_->images.end() && find(it->second)) return it->second;
  }
  uint64_t base = alloc(std::max<size_t>(img.size(), 1), 4096);
  if (!base) return 0;
  write(base, img.data(), img.size());
  std::lock_guard<std::mutex> g(impl_->cache_mu);
  impl_->images[key] = base;
  return base;
}

// ---------------------------------------------------------------------------
namespace {

// The HSA kernel dispatch packet as the kernel reads it through the dispatch pointer
// (HSA Platform System Architecture Specification / hsa.h hsa_kernel_dispatch_packet_t:
// 64 bytes, little-endian, fields at the offsets checked below).
struct HsaKernelDispatchPacket {
  uint16_t header;                // 0: packet type, barrier, fences (0 here: the emulator has no queue)
  uint16_t setup;                 // 2: dimensions (1-3)
  uint16_t workgroup_size_x;      // 4
  uint16_t workgroup_size_y;      // 6
  uint16_t workgroup_size_z;      // 8
  uint16_t reserved0;             // 10
  uint32_t grid_size_x;           // 12: work-items, not workgroups
  uint32_t grid_size_y;           // 16
  uint32_t grid_size_z;           // 20
  uint32_t private_segment_size;  // 24: bytes per work-item
  uint32_t group_segment_size;    // 28: bytes per workgroup (static + dynamic LDS)
  uint64_t kernel_object;         // 32
  uint64_t kernarg_address;       // 40
  uint64_t reserved2;             // 48
  uint64_t completion_signal;     // 56
};
static_assert(sizeof(HsaKernelDispatchPacket) == 64, "HSA dispatch packet is 64 bytes");
static_assert(offsetof(HsaKernelDispatchPacket, setup) == 2 && offsetof(HsaKernelDispatchPacket, workgroup_size_x) == 4 &&
              offsetof(HsaKernelDispatchPacket, workgroup_size_y) == 6 &&
              offsetof(HsaKernelDispatchPacket, workgroup_size_z) == 8 &&
              offsetof(HsaKernelDispatchPacket, reserved0) == 10 && offsetof(HsaKernelDispatchPacket, grid_size_x) == 12 &&
              offsetof(HsaKernelDispatchPacket, grid_size_y) == 16 && offsetof(HsaKernelDispatchPacket, grid_size_z) == 20 &&
              offsetof(HsaKernelDispatchPacket, private_segment_size) == 24 &&
              offsetof(HsaKernelDispatchPacket, group_segment_size) == 28 &&
              offsetof(HsaKernelDispatchPacket, kernel_object) == 32 &&
              offsetof(HsaKernelDispatchPacket, kernarg_address) == 40 &&
              offsetof(HsaKernelDispatchPacket, reserved2) == 48 &&
              offsetof(HsaKernelDispatchPacket, completion_signal) == 56,
              "field offsets of hsa_kernel_dispatch_packet_t");

struct WaveSlot {
  Wave w;
  std::vector<uint32_t> vgprs;
  bool ended = false;
};

// Per host thread: reusable buffers and stats.
struct Worker {
  std::vector<WaveSlot> waves;
  std::vector<uint8_t> lds;
  std::vector<uint8_t> scratch;
  std::vector<uint32_t> tmp;
  std::vector<uint64_t> counts;
  uint64_t lane_ops = 0, icount = 0, nwaves = 0, nwgs = 0;
  // First fault (lowest workgroup index).
  bool faulted = false;
  uint64_t fault_wg = ~0ull;
  int fault_kind = 0;
  std::string fault_msg;
};

struct Launch {
  LaunchCtx ctx;
  const Program* prog = nullptr;
  const KernelInfo* k = nullptr;
  LaunchConfig cfg;
  uint64_t kernarg_addr = 0, dispatch_addr = 0, queue_addr = 0;
  uint32_t lds_size = 0, priv_size = 0;
  int W = 32;
  uint32_t waves_per_wg = 1;
  uint64_t total_wgs = 0;
  std::atomic<uint64_t> next_wg{0};
  uint32_t mode = 0;  // initial MODE register (compute_pgm_rsrc1[19:12])
  uint32_t vgpr_rows = kVgprRows;  // rows [0, vgpr_rows) a wave can write below v256 (plan_launch)
  Scoreboard* scoreboard = nullptr;  // the strict scoreboard, also in ctx.hooks
  std::mutex trace_mu;
};

bool refill_budget(Wave& w) {
  LaunchCtx& L = *w.L;
  const uint64_t chunk = L.cooperative ? kQuantum : kBudgetChunk;
  uint64_t got = L.used.fetch_add(chunk, std::memory_order_relaxed);
  if (got >= L.budget) return false;
  w.budget_left = std::min<uint64_t>(chunk, L.budget - got);
  return true;
}

void trace_insn(Launch& La, Wave& w, const Insn& in) {
  std::lock_guard<std::mutex> g(La.trace_mu);
  std::fprintf(stderr, "[wg %u,%u,%u w%u] %06x exec=%016" PRIx64 " %s\n", w.wg->id[0], w.wg->id[1], w.wg->id[2],
               w.wave_id, in.pc, w.exec(), format_insn(in, int(w.W)).c_str());
}

// After an instruction: its destination's value (SGPRs; VGPRs of the first active lane).
void trace_result(Launch& La, Wave& w, const Insn& in) {
  const Operand& d = in.dst;
  if (d.kind == OperandKind::None || w.stop == StopReason::Fault) return;
  std::lock_guard<std::mutex> g(La.trace_mu);
  if (d.kind == OperandKind::SGPR) {
    std::fprintf(stderr, "        -> s%u = 0x%08x%s", d.reg, w.s[d.reg], d.nregs > 1 ? "" : "\n");
    if (d.nregs > 1) std::fprintf(stderr, " 0x%08x\n", w.s[(d.reg + 1) & 127]);
  } else if (d.kind == OperandKind::VGPR && d.reg < kVgprRows) {
    uint64_t e = w.exec();
    unsigned l = e ? unsigned(__builtin_ctzll(e)) : 0;
    std::fprintf(stderr, "        -> v%u[lane %u] = 0x%08x\n", d.reg, l, w.vreg(d.reg)[l]);
  }
}

// popcount without a library call (the baseline x86-64 target has no POPCNT;
// the default build targets the host, see CMakeLists.txt).
inline unsigned lanes_in(uint64_t e) {
#if defined(__POPCNT__) || !defined(__x86_64__)
  return unsigned(__builtin_popcountll(e));
#endif
  e = e - ((e >> 1) & 0x5555555555555555ull);
  e = (e & 0x3333333333333333ull) + ((e >> 2) & 0x3333333333333333ull);
  e = (e + (e >> 4)) & 0x0f0f0f0f0f0f0f0full;
  return unsigned((e * 0x0101010101010101ull) >> 56);
}

// Budget refill at the end of a chunk; false = the wave stopped.
bool budget_step(Launch& La, Wave& w) {
  LaunchCtx& L = La.ctx;
  if (L.cooperative && w.quantum_open) {  // end of a quantum: let the other waves run
    w.quantum_open = false;
    w.stop = StopReason::Yield;
    return false;
  }
  if (L.stop_after(w.wg ? w.wg->index : 0)) {  // a lower workgroup faulted
    w.stop = StopReason::Ended;
    w.fault_kind = -1;
    return false;
  }
  if (L.has_deadline && std::chrono::steady_clock::now() > L.deadline) {
    char limit[32];
    std::snprintf(limit, sizeof limit, "%g", L.time_limit_seconds);
    w.fault_at(int(Fault::BudgetExceeded), w.prog[w.pc],
               std::string("watchdog: the launch ran longer than its wall-time limit of ") + limit +
                   " s: runaway kernel? (RDNA4_EMU_TIMEOUT / LaunchOptions::time_limit_seconds)");
    return false;
  }
  if (!refill_budget(w)) {
    w.fault_at(int(Fault::BudgetExceeded), w.prog[w.pc],
               "instruction budget exhausted (" + std::to_string(L.budget) +
                   " wave-instructions for the launch): runaway kernel? (--budget / LaunchOptions::instruction_budget)");
    return false;
  }
  w.quantum_open = L.cooperative;
  return true;
}

// EXEC's lane count, recounted only when EXEC changed (it rarely does; the
// portable build has no popcount instruction).
struct LaneCount {
  uint64_t e = 0;
  unsigned n = 0;
};

// Take the next instruction and count it (budget, per-wave and per-instruction
// counts, active lanes of vector instructions): the same in both loops.
inline const Insn& fetch(Wave& w, const Insn* prog, LaneCount& lc) {
  const Insn& in = prog[w.pc++];
  --w.budget_left;
  ++w.icount;
  ++w.counts[in.index];
  if (in.family >= Family::VOP1) {
    const uint64_t e = w.exec();
    if (__builtin_expect(e != lc.e, 0)) {
      lc.e = e;
      lc.n = lanes_in(e);
    }
    w.lane_ops += lc.n;
  }
  return in;
}

// The execution loop: tiny on purpose. SB = the strict scoreboard is on
// (called directly: Scoreboard is final); trace and other hooks take run_wave_slow.
template <bool SB>
void run_wave_fast(Launch& La, Wave& w) {
  const Insn* prog = w.prog;
  Scoreboard* sb = La.scoreboard;
  LaneCount lc;
  while (w.stop == StopReason::Running) {
    if (__builtin_expect(w.budget_left == 0, 0) && !budget_step(La, w)) return;
    const Insn& in = fetch(w, prog, lc);
    if constexpr (SB) {
      if (!sb->before(w, in)) return;
    }
    in.fn(w, in);
  }
}

void run_wave_slow(Launch& La, Wave& w) {
  const Insn* prog = w.prog;
  LaunchCtx& L = La.ctx;
  LaneCount lc;
  while (w.stop == StopReason::Running) {
    if (w.budget_left == 0 && !budget_step(La, w)) return;
    const Insn& in = fetch(w, prog, lc);
    if (L.trace) trace_insn(La, w, in);
    bool ok = true;
    for (ExecHook* h : L.hooks) ok = h->before(w, in) && ok;
    if (!ok) return;
    in.fn(w, in);
    if (L.trace) trace_result(La, w, in);
    for (ExecHook* h : L.hooks) h->after(w, in);
  }
}

void run_wave(Launch& La, Wave& w) {
  const LaunchCtx& L = La.ctx;
  if (L.trace || L.hooks.size() > (La.scoreboard ? 1u : 0u)) return run_wave_slow(La, w);
  if (La.scoreboard) return run_wave_fast<true>(La, w);
  run_wave_fast<false>(La, w);
}

void init_wave(Launch& La, Worker& T, WaveSlot& s, Workgroup& g, uint32_t wave_id) {
  Wave& w = s.w;
  const KernelInfo& k = *La.k;
  const uint32_t W = uint32_t(La.W);
  w.W = W;
  w.full = W == 64 ? ~0ull : 0xffffffffull;
  // Every wave starts with zeroed VGPRs. The slot's file was zeroed when the launch
  // allocated it, and a wave of this program writes no row at or past La.vgpr_rows
  // below v256 (plan_launch): only those rows and the rows past v255 (staging, slack)
  // need zeroing again.
  std::fill(s.vgprs.begin(), s.vgprs.begin() + size_t(La.vgpr_rows) * W, 0u);
  std::fill(s.vgprs.begin() + size_t(kVgprRows) * W, s.vgprs.end(), 0u);
  w.v = s.vgprs.data();
  std::memset(w.s, 0, sizeof w.s);
  w.scc = false;
  w.pc = 0;
  w.stop = StopReason::Running;
  w.prog = La.prog->insns.data();
  w.prog_size = La.prog->insns.size();
  w.wg = &g;
  w.L = &La.ctx;
  w.wave_id = wave_id;
  w.signals = 0;
  w.quantum_open = false;
  set_mode(w, La.mode);
  w.priv_size = La.priv_size;
  w.scratch = La.priv_size ? T.scratch.data() + size_t(wave_id) * W * La.priv_size : nullptr;
  w.tmp = T.tmp.data();
  w.counts = T.counts.data();
  w.tlb_base = 1;
  w.tlb_end = 0;
  w.fault_msg.clear();
  w.fault_kind = 0;
  s.ended = false;
  // User SGPRs, packed from s0 in the fixed order of the enable bits.
  uint16_t props = k.kd.kernel_code_properties;
  unsigned sg = 0;
  auto put64 = [&](uint64_t v) { w.s[sg] = uint32_t(v); w.s[sg + 1] = uint32_t(v >> 32); sg += 2; };
  if (props & (1u << 0)) sg += 4;                   // private segment buffer (unused with architected flat scratch)
  if (props & (1u << 1)) put64(La.dispatch_addr);  // dispatch ptr
  if (props & (1u << 2)) put64(La.queue_addr);     // queue ptr
  if (props & (1u << 3)) put64(La.kernarg_addr);   // kernarg segment ptr
  if (props & (1u << 4)) put64(0);                 // dispatch id
  if (props & (1u << 5)) put64(0);                 // flat scratch init (architected: unused)
  if (props & (1u << 6)) w.s[sg++] = La.priv_size; // private segment size
  // Workgroup IDs in architected SGPRs.
  w.s[kTtmp9] = g.id[0];
  w.s[kTtmp7] = (g.id[1] & 0xffff) | (g.id[2] << 16);
  // Work-item IDs, packed in v0; EXEC = the wave's valid work-items.
  const Dim3& b = La.cfg.block;
  uint64_t nthreads = uint64_t(b.x) * b.y * b.z;
  uint64_t exec = 0;
  uint32_t* v0 = w.vreg(0);
  for (uint32_t l = 0; l < W; ++l) {
    uint64_t t = uint64_t(wave_id) * W + l;
    if (t >= nthreads) break;
    uint32_t x = uint32_t(t % b.x), y = uint32_t((t / b.x) % b.y), z = uint32_t(t / (uint64_t(b.x) * b.y));
    v0[l] = x | (y << 10) | (z << 20);
    exec |= uint64_t(1) << l;
  }
  w.set_exec(exec);
  for (ExecHook* h : La.ctx.hooks) h->wave_start(w);  // hazard scoreboard: per-wave reset
}

void record_fault(Worker& T, uint64_t wg_index, const Wave& w) {
  if (!T.faulted || wg_index < T.fault_wg) {
    T.faulted = true;
    T.fault_wg = wg_index;
    T.fault_kind = w.fault_kind;
    T.fault_msg = w.fault_msg;
  }
}

// A wave that ended: its unused budget chunk goes back to the launch, its lane count to
// the worker, and the barrier its workgroup's other waves wait at no longer waits for it.
void retire_wave(Launch& La, Worker& T, WaveSlot& s, Workgroup& g) {
  Wave& w = s.w;
  s.ended = true;
  La.ctx.used.fetch_sub(w.budget_left, std::memory_order_relaxed);
  w.budget_left = 0;
  T.lane_ops += w.lane_ops;
  w.lane_ops = 0;
  if (--g.live_waves > 0 && g.arrived > 0 && g.arrived >= g.live_waves) {
    g.arrived = 0;
    ++g.generation;
  }
}

void run_workgroup(Launch& La, Worker& T, uint64_t wg_index) {
  const Dim3& gr = La.cfg.grid;
  Workgroup g;
  g.id[0] = uint32_t(wg_index % gr.x);
  g.id[1] = uint32_t((wg_index / gr.x) % gr.y);
  g.id[2] = uint32_t(wg_index / (uint64_t(gr.x) * gr.y));
  g.index = wg_index;
  std::fill(T.lds.begin(), T.lds.end(), 0);
  g.lds = T.lds.data();
  g.lds_size = La.lds_size;
  if (!T.scratch.empty()) std::fill(T.scratch.begin(), T.scratch.end(), 0);
  const uint32_t nw = La.waves_per_wg;
  g.live_waves = nw;
  for (uint32_t i = 0; i < nw; ++i) init_wave(La, T, T.waves[i], g, i);
  uint32_t remaining = nw;
  while (remaining) {
    bool progress = false;
    for (uint32_t i = 0; i < nw; ++i) {
      WaveSlot& s = T.waves[i];
      if (s.ended) continue;
      Wave& w = s.w;
      if (w.stop == StopReason::Barrier) {
        if (g.generation < w.signals) continue;  // still blocked
        w.stop = StopReason::Running;
      } else if (w.stop == StopReason::Yield) {
        w.stop = StopReason::Running;
      }
      uint64_t before = w.icount;
      run_wave(La, w);
      if (w.icount != before) progress = true;
      if (w.stop == StopReason::Fault) {
        record_fault(T, wg_index, w);
        return;
      }
      if (w.stop == StopReason::Ended) {
        if (w.fault_kind == -1) return;  // stopped because a lower workgroup faulted
        retire_wave(La, T, s, g);
        --remaining;
        progress = true;
      }
    }
    if (!progress && remaining) {
      // Every live wave is blocked in s_barrier_wait and nothing can release it.
      Wave& w = T.waves[0].w;
      for (uint32_t i = 0; i < nw; ++i)
        if (!T.waves[i].ended) {
          Wave& b = T.waves[i].w;
          b.stop = StopReason::Running;
          b.fault_at(int(Fault::IllegalInstruction), w.prog[b.pc],
                     "barrier deadlock: " + std::to_string(remaining) + " wave(s) wait in s_barrier_wait, " +
                         std::to_string(g.arrived) + " of " + std::to_string(g.live_waves) +
                         " live waves signalled, and no wave can make progress");
          record_fault(T, wg_index, b);
          return;
        }
    }
  }
  for (uint32_t i = 0; i < nw; ++i) T.icount += T.waves[i].w.icount;
  T.nwaves += nw;
  T.nwgs += 1;
}

void worker_main(Launch& La, Worker& T) {
  for (;;) {
    uint64_t i = La.next_wg.fetch_add(1);
    if (i >= La.total_wgs || La.ctx.stop_after(i)) return;  // indices only grow: nothing left below a fault
    for (auto& s : T.waves) {
      La.ctx.used.fetch_sub(s.w.budget_left, std::memory_order_relaxed);  // (normally 0: returned at wave end)
      s.w.icount = 0;
      s.w.cycle_extra = 0;
      s.w.lane_ops = 0;
      s.w.budget_left = 0;
    }
    run_workgroup(La, T, i);
    // Return unused budget? Chunks are not returned: the budget is an upper bound
    // counted in chunks of kBudgetChunk per wave (documented).
  }
}

// A cooperative launch: every workgroup resident at once on this (the only) host thread,
// each with its own LDS, scratch and wave slots (make_workers sized them), and their waves
// run round-robin: a wave runs until it ends, waits in s_barrier_wait, yields (s_sleep or
// the end of its quantum, budget_step) or faults. A fault stops the launch. Every live wave
// blocked in s_barrier_wait with none able to release it is a deadlock (as in
// run_workgroup); waves that spin (a grid barrier nobody completes) end at the budget or
// the watchdog.
void run_cooperative(Launch& La, Worker& T) {
  const Dim3& gr = La.cfg.grid;
  const uint64_t n = La.total_wgs;
  const uint32_t nw = La.waves_per_wg;
  const size_t lds_stride = std::max<uint32_t>(La.lds_size, 1);
  const size_t priv_stride = size_t(La.priv_size) * La.W * nw;
  std::vector<Workgroup> groups(n);
  for (uint64_t i = 0; i < n; ++i) {
    Workgroup& g = groups[i];
    g.id[0] = uint32_t(i % gr.x);
    g.id[1] = uint32_t((i / gr.x) % gr.y);
    g.id[2] = uint32_t(i / (uint64_t(gr.x) * gr.y));
    g.index = i;
    g.slot = uint32_t(i);
    g.lds = T.lds.data() + i * lds_stride;
    g.lds_size = La.lds_size;
    g.live_waves = nw;
    for (uint32_t j = 0; j < nw; ++j) {
      WaveSlot& s = T.waves[i * nw + j];
      init_wave(La, T, s, g, j);
      s.w.scratch = La.priv_size ? T.scratch.data() + i * priv_stride + size_t(j) * La.W * La.priv_size : nullptr;
    }
  }
  uint64_t remaining = n * nw;
  while (remaining) {
    bool progress = false;
    for (uint64_t i = 0; i < n; ++i) {
      Workgroup& g = groups[i];
      for (uint32_t j = 0; j < nw; ++j) {
        WaveSlot& s = T.waves[i * nw + j];
        if (s.ended) continue;
        Wave& w = s.w;
        if (w.stop == StopReason::Barrier) {
          if (g.generation < w.signals) continue;
          w.stop = StopReason::Running;
        } else if (w.stop == StopReason::Yield) {
          w.stop = StopReason::Running;
        }
        const uint64_t before = w.icount;
        run_wave(La, w);
        // A wave that yielded can go on (it may have yielded at the end of its quantum
        // before running anything this turn): only waves all blocked in s_barrier_wait
        // are a deadlock.
        if (w.icount != before || w.stop == StopReason::Yield) progress = true;
        if (w.stop == StopReason::Fault) {
          record_fault(T, i, w);
          return;
        }
        if (w.stop == StopReason::Ended) {
          retire_wave(La, T, s, g);
          --remaining;
          progress = true;
        }
      }
    }
    if (!progress && remaining) {
      for (uint64_t i = 0; i < n * nw; ++i)
        if (!T.waves[i].ended) {
          Wave& b = T.waves[i].w;
          const Workgroup& g = groups[i / nw];
          b.stop = StopReason::Running;
          b.fault_at(int(Fault::IllegalInstruction), b.prog[b.pc],
                     "barrier deadlock in a cooperative launch: " + std::to_string(remaining) +
                         " wave(s) wait in s_barrier_wait; workgroup " + std::to_string(g.index) + " has " +
                         std::to_string(g.arrived) + " of " + std::to_string(g.live_waves) +
                         " live waves signalled, and no wave can make progress");
          record_fault(T, i / nw, b);
          return;
        }
    }
  }
  for (uint64_t i = 0; i < n * nw; ++i) T.icount += T.waves[i].w.icount;
  T.nwaves += n * nw;
  T.nwgs += n;
}

}  // namespace

// ---- Device::launch, step by step ----------------------------------------------------

namespace {

// Step 1: what the launch asks for is encodable and within the limits. Empty: fine.
std::string check_launch(const KernelInfo& k, const LaunchConfig& cfg, size_t kernarg_size) {
  if (cfg.grid.x == 0 || cfg.grid.y == 0 || cfg.grid.z == 0) return "grid has a zero dimension";
  if (cfg.block.x == 0 || cfg.block.y == 0 || cfg.block.z == 0) return "block has a zero dimension";
  uint64_t nthreads = uint64_t(cfg.block.x) * cfg.block.y * cfg.block.z;
  if (nthreads > 1024 || nthreads > k.max_flat_workgroup_size)
    return "block of " + std::to_string(nthreads) + " work-items exceeds the limit of " +
           std::to_string(std::min<uint32_t>(1024, k.max_flat_workgroup_size));
  if (cfg.block.x > 1024 || cfg.block.y > 1024 || cfg.block.z > 1024)
    return "block dimension above 1024 cannot be encoded in v0's 10-bit fields";
  if (cfg.grid.y > 0xffff || cfg.grid.z > 0xffff) return "grid y/z above 65535 cannot be encoded in ttmp7";
  uint64_t lds = uint64_t(k.kd.group_segment_fixed_size) + cfg.dynamic_lds_bytes;
  if (lds > 65536) return "LDS request of " + std::to_string(lds) + " bytes exceeds 64 KiB";
  if (kernarg_size < k.kernarg_segment_size)
    return "kernarg buffer of " + std::to_string(kernarg_size) + " bytes is smaller than the kernel's kernarg segment (" +
           std::to_string(k.kernarg_segment_size) + ")";
  return {};
}

// Step 2: the predecoded program, cached per code object, entry and code bytes.
std::shared_ptr<const Program> cached_program(DeviceImpl& impl, const CodeObject& co, const KernelInfo& k,
                                              std::string* err) {
  const auto& img = co.image();
  uint64_t h = 1469598103934665603ull;
  uint64_t end = std::min<uint64_t>(img.size(), k.code_vaddr + (k.code_size ? k.code_size : 4096));
  for (uint64_t i = k.code_vaddr; i < end; ++i) h = (h ^ img[i]) * 1099511628211ull;
  DeviceImpl::CacheKey key{&co, k.code_vaddr, h};
  std::lock_guard<std::mutex> g(impl.cache_mu);
  auto it = impl.programs.find(key);
  if (it != impl.programs.end()) return it->second;
  std::shared_ptr<const Program> prog;
  try {
    prog = predecode(co, k);
  } catch (const std::exception& e) {
    *err = e.what();
    return nullptr;
  }
  impl.programs[key] = prog;
  return prog;
}

// Step 3: the launch's shape: wave size, waves per workgroup, LDS and private sizes, MODE.
void plan_launch(Launch& La, const Program& prog, const KernelInfo& k, const LaunchConfig& cfg) {
  La.prog = &prog;
  La.k = &k;
  La.cfg = cfg;
  La.W = prog.wave_size;
  La.lds_size = uint32_t(uint64_t(k.kd.group_segment_fixed_size) + cfg.dynamic_lds_bytes);
  uint32_t priv = k.kd.private_segment_fixed_size;
  if (k.uses_dynamic_stack || (k.kd.kernel_code_properties & (1u << 11))) priv += 16384;
  La.priv_size = (priv + 15) & ~15u;
  const uint64_t nthreads = uint64_t(cfg.block.x) * cfg.block.y * cfg.block.z;
  La.waves_per_wg = uint32_t((nthreads + La.W - 1) / La.W);
  La.total_wgs = uint64_t(cfg.grid.x) * cfg.grid.y * cfg.grid.z;
  // MODE[7:0] (round and denormal fields) start as FLOAT_ROUND_MODE_32/_16_64 and
  // FLOAT_DENORM_MODE_32/_16_64, compute_pgm_rsrc1[19:12] (AMDGPUUsage, kernel descriptor).
  La.mode = (k.kd.compute_pgm_rsrc1 >> 12) & 0xffu;
  // Rows a wave can write below v256: those its instructions name (Program::vgpr_rows)
  // and, for M0-indexed v_movrel*/v_swaprel, the kernel's VGPR allocation
  // (compute_pgm_rsrc1[5:0] granules of 8 (wave32) / 4 (wave64) registers; semantics.h
  // vgpr_alloc faults on an index past it).
  const uint32_t alloc = ((k.kd.compute_pgm_rsrc1 & 0x3fu) + 1) * (La.W == 32 ? 8u : 4u);
  La.vgpr_rows = std::min<uint32_t>(kVgprRows, std::max(prog.vgpr_rows, alloc));
}

// Step 4: the HSA kernel dispatch packet the kernel can read through its dispatch pointer.
HsaKernelDispatchPacket dispatch_packet(const Launch& La, uint64_t kernarg_addr) {
  const LaunchConfig& cfg = La.cfg;
  HsaKernelDispatchPacket pkt{};
  pkt.setup = uint16_t(cfg.grid.z > 1 || cfg.block.z > 1 ? 3 : cfg.grid.y > 1 || cfg.block.y > 1 ? 2 : 1);
  pkt.workgroup_size_x = uint16_t(cfg.block.x);
  pkt.workgroup_size_y = uint16_t(cfg.block.y);
  pkt.workgroup_size_z = uint16_t(cfg.block.z);
  pkt.grid_size_x = cfg.grid.x * cfg.block.x;
  pkt.grid_size_y = cfg.grid.y * cfg.block.y;
  pkt.grid_size_z = cfg.grid.z * cfg.block.z;
  pkt.private_segment_size = La.priv_size;
  pkt.group_segment_size = La.lds_size;
  pkt.kernarg_address = kernarg_addr;
  return pkt;
}

// Step 5: per host thread wave state (VGPR files, LDS, scratch, counters). False: host OOM.
// Host bytes of the wave state of `resident` workgroups (VGPR files, LDS, scratch).
uint64_t resident_bytes(const Launch& La, uint64_t resident) {
  const uint64_t per_wave = uint64_t(kVgprRows + kVgprSlack) * La.W * 4 + uint64_t(La.priv_size) * La.W;
  return resident * (La.waves_per_wg * per_wave + std::max<uint32_t>(La.lds_size, 1));
}
// A cooperative launch holds every workgroup at once; past this it is refused rather than
// risk the host's memory (a grid the occupancy check admits stays far below it unless
// its kernel uses a large private segment).
constexpr uint64_t kCooperativeHostLimit = uint64_t(4) << 30;

// A cooperative launch has one worker holding every workgroup at once.
bool make_workers(std::vector<Worker>& workers, const Launch& La) {
  const uint64_t resident = La.ctx.cooperative ? La.total_wgs : 1;
  try {
    for (Worker& T : workers) {
      T.waves.resize(size_t(resident * La.waves_per_wg));
      for (auto& s : T.waves) s.vgprs.assign(size_t(kVgprRows + kVgprSlack) * La.W, 0);
      T.lds.assign(size_t(resident) * std::max<uint32_t>(La.lds_size, 1), 0);
      T.scratch.assign(size_t(resident) * La.priv_size * La.W * La.waves_per_wg, 0);
      T.tmp.assign(size_t(8) * La.W, 0);
      T.counts.assign(La.prog->insns.size(), 0);
    }
  } catch (const std::bad_alloc&) {
    return false;
  }
  return true;
}

// Step 6: run the workgroups; the calling thread is worker 0 (one thread start fewer).
void run_workers(Launch& La, std::vector<Worker>& workers) {
  if (La.ctx.cooperative) {
    run_cooperative(La, workers[0]);
    return;
  }
  if (workers.size() <= 1) {
    worker_main(La, workers[0]);
    return;
  }
  std::vector<std::thread> th;
  for (size_t i = 1; i < workers.size(); ++i) th.emplace_back([&, i] { worker_main(La, workers[i]); });
  worker_main(La, workers[0]);
  for (auto& t : th) t.join();
}

// The cycle model: issue cycles of one execution of `in` (WMMA/SWMMAC: the variant's
// figure from wmma/variants.def; everything else 1).
int modelled_cycles(const Insn& in, int W) {
  if (!in.info || !(in.info->flags & F_WMMA)) return 1;
  wmma::Dense dv;
  wmma::Sparse sv;
  if (wmma::dense_from_opcode(in.info->opcode, &dv)) return wmma::dense_cycles(dv, W);
  if (wmma::sparse_from_opcode(in.info->opcode, &sv)) return wmma::sparse_cycles(sv, W);
  return 1;
}

// Step 7: merge the workers' statistics and the first fault (lowest workgroup) into res.
void merge_results(LaunchResult& res, const Launch& La, const std::vector<Worker>& workers) {
  const Program& prog = *La.prog;
  const Worker* fw = nullptr;
  std::vector<uint64_t> counts(prog.insns.size(), 0);
  for (const Worker& T : workers) {
    if (T.faulted && (!fw || T.fault_wg < fw->fault_wg)) fw = &T;
    res.stats.wave_instructions += T.icount;
    res.stats.lane_operations += T.lane_ops;
    res.stats.waves += T.nwaves;
    res.stats.workgroups += T.nwgs;
    for (size_t i = 0; i < counts.size(); ++i) counts[i] += T.counts[i];
  }
  uint64_t cycles = 0, total = 0;
  for (size_t i = 0; i < counts.size(); ++i) {
    if (!counts[i]) continue;
    const Insn& in = prog.insns[i];
    total += counts[i];
    const char* m = in.info ? in.info->mnemonic : "<illegal>";
    if (in.family == Family::VOPD && in.yinfo) {
      res.stats.per_mnemonic[std::string(m) + "::" + in.yinfo->mnemonic] += counts[i];
    } else {
      res.stats.per_mnemonic[m] += counts[i];
    }
    cycles += counts[i] * uint64_t(modelled_cycles(in, La.W));
  }
  if (fw) res.stats.wave_instructions = std::max(res.stats.wave_instructions, total);
  res.stats.modelled_cycles = cycles;
  if (fw) {
    res.fault = Fault(fw->fault_kind);
    res.diagnostic = fw->fault_msg;
  }
}

}  // namespace

LaunchResult Device::launch(const CodeObject& co, const KernelInfo& k, const LaunchConfig& cfg,
                            const std::vector<uint8_t>& kernarg, const LaunchOptions& opts) {
  LaunchResult res;
  auto t0 = std::chrono::steady_clock::now();
  auto fail = [&](Fault f, const std::string& msg) {
    res.fault = f;
    res.diagnostic = "kernel " + k.name + ": " + msg;
    return res;
  };
  std::string why = check_launch(k, cfg, kernarg.size());
  if (!why.empty()) return fail(Fault::LaunchError, why);
  std::shared_ptr<const Program> prog = cached_program(*impl_, co, k, &why);
  if (!prog) return fail(Fault::LaunchError, why);
  Launch La;
  plan_launch(La, *prog, k, cfg);
  // The code object's image (code + globals) is mapped in device memory.
  uint64_t image_base = code_object_base(co);
  if (!image_base) return fail(Fault::LaunchError, "out of device memory for the code object's image");
  La.ctx.code_base = image_base + k.code_vaddr;
  // Kernarg segment, dispatch packet and a zeroed queue in device memory.
  uint64_t ka = alloc(std::max<size_t>(kernarg.size(), 16), 256);
  uint64_t dp = alloc(64, 64);
  uint64_t qp = alloc(256, 64);
  if (!ka || !dp || !qp) return fail(Fault::LaunchError, "out of device memory for the kernarg segment");
  write(ka, kernarg.data(), kernarg.size());
  const HsaKernelDispatchPacket pkt = dispatch_packet(La, ka);
  write(dp, &pkt, sizeof pkt);  // the host is little-endian, as the packet
  La.kernarg_addr = ka;
  La.dispatch_addr = dp;
  La.queue_addr = qp;
  MemoryMap mm;
  for (auto& [base, b] : impl_->allocs) mm.regions.push_back(Region{base, b.size, b.data.data()});
  // Mapped host memory at its own address (map_host), kept in address order with the rest.
  for (auto& [base, size] : impl_->host_maps) mm.regions.push_back(Region{base, size, reinterpret_cast<uint8_t*>(base)});
  std::sort(mm.regions.begin(), mm.regions.end(), [](const Region& x, const Region& y) { return x.base < y.base; });
  La.ctx.mem = &mm;
  La.ctx.kernel = &k;
  La.ctx.prog = prog.get();
  La.ctx.budget = opts.instruction_budget;
  if (opts.time_limit_seconds > 0) {
    La.ctx.has_deadline = true;
    La.ctx.time_limit_seconds = opts.time_limit_seconds;
    La.ctx.deadline = t0 + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                               std::chrono::duration<double>(opts.time_limit_seconds));
  }
  La.ctx.trace = opts.trace;
  La.ctx.cooperative = opts.cooperative;
  // Wait-counter and hazard checking (HAZARDS.md). Off mode skips the hook entirely.
  std::unique_ptr<Scoreboard> scoreboard;
  if (opts.hazards == HazardMode::Strict) {
    scoreboard.reset(new Scoreboard(*prog, La.W, Scoreboard::options_from_env()));
    La.ctx.hooks.push_back(scoreboard.get());
    La.scoreboard = scoreboard.get();
  }
  unsigned nthreads_host = opts.threads ? opts.threads : std::max(1u, std::thread::hardware_concurrency());
  if (opts.trace || opts.cooperative) nthreads_host = 1;
  nthreads_host = unsigned(std::min<uint64_t>(nthreads_host, La.total_wgs));
  if (opts.cooperative && resident_bytes(La, La.total_wgs) > kCooperativeHostLimit) {
    free(ka); free(dp); free(qp);
    return fail(Fault::LaunchError,
                "cooperative launch of " + std::to_string(La.total_wgs) + " workgroups needs " +
                    std::to_string(resident_bytes(La, La.total_wgs) >> 20) +
                    " MiB of host memory for their wave state at once (limit " +
                    std::to_string(kCooperativeHostLimit >> 20) + " MiB)");
  }
  std::vector<Worker> workers(nthreads_host);
  if (!make_workers(workers, La)) {
    free(ka); free(dp); free(qp);
    return fail(Fault::LaunchError, "host out of memory for the launch's wave state");
  }
  run_workers(La, workers);
  free(ka);
  free(dp);
  free(qp);
  merge_results(res, La, workers);
  res.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return res;
}

}  // namespace rdna4emu
