#include "fake_device.h"

#include <cstring>
#include <map>
#include <new>

namespace fake {
LaunchRecord last;
rdna4emu::Fault next_fault = rdna4emu::Fault::None;
int64_t fault_tag = -1;
bool throw_on_alloc = false;
}  // namespace fake

namespace rdna4emu {

const char* fault_name(Fault f) {
  switch (f) {
    case Fault::None: return "None";
    case Fault::IllegalInstruction: return "IllegalInstruction";
    case Fault::MemoryViolation: return "MemoryViolation";
    case Fault::BudgetExceeded: return "BudgetExceeded";
    case Fault::HazardViolation: return "HazardViolation";
    case Fault::LaunchError: return "LaunchError";
  }
  return "?";
}

class DeviceImpl {
 public:
  std::string arch;
  uint64_t next = 0x100000000000ull;
  std::map<uint64_t, std::vector<uint8_t>> mem;
  std::vector<uint8_t>* span(uint64_t addr, uint64_t n, uint64_t* off) {
    auto it = mem.upper_bound(addr);
    if (it == mem.begin()) return nullptr;
    --it;
    uint64_t o = addr - it->first;
    if (o > it->second.size() || n > it->second.size() - o) return nullptr;
    *off = o;
    return &it->second;
  }
};

Device::Device(std::string arch) : impl_(new DeviceImpl) { impl_->arch = arch; }
Device::~Device() = default;
const std::string& Device::arch() const { return impl_->arch; }
uint64_t Device::alloc(uint64_t bytes, uint64_t align) {
  if (fake::throw_on_alloc) {
    fake::throw_on_alloc = false;
    throw std::bad_alloc();
  }
  if (bytes > (uint64_t(1) << 32)) return 0;
  uint64_t base = (impl_->next + align - 1) / align * align;
  impl_->mem[base].assign(bytes, 0);
  impl_->next = base + bytes + 4096;
  return base;
}
bool Device::free(uint64_t base) { return impl_->mem.erase(base) == 1; }
bool Device::write(uint64_t addr, const void* src, uint64_t n) {
  uint64_t o;
  auto* v = impl_->span(addr, n, &o);
  if (!v) return false;
  std::memcpy(v->data() + o, src, n);
  return true;
}
bool Device::read(uint64_t addr, void* dst, uint64_t n) const {
  uint64_t o;
  auto* v = impl_->span(addr, n, &o);
  if (!v) return false;
  std::memcpy(dst, v->data() + o, n);
  return true;
}
bool Device::fill(uint64_t addr, uint8_t value, uint64_t n) {
  uint64_t o;
  auto* v = impl_->span(addr, n, &o);
  if (!v) return false;
  std::memset(v->data() + o, value, n);
  return true;
}
bool Device::copy(uint64_t dst, uint64_t src, uint64_t n) {
  std::vector<uint8_t> tmp(n);
  return read(src, tmp.data(), n) && write(dst, tmp.data(), n);
}
std::optional<Allocation> Device::find(uint64_t addr) const {
  auto it = impl_->mem.upper_bound(addr);
  if (it == impl_->mem.begin()) return std::nullopt;
  --it;
  if (addr - it->first >= it->second.size()) return std::nullopt;
  return Allocation{it->first, it->second.size()};
}
std::optional<Allocation> Device::nearest(uint64_t addr) const { return find(addr); }
// Host mappings are not modelled by the fake device: accepted, and kernels never run.
bool Device::map_host(void* host, uint64_t n) { return host && n; }
bool Device::unmap_host(void* host) { return host != nullptr; }

uint64_t Device::code_object_base(const CodeObject& co) {
  static std::map<const CodeObject*, uint64_t> bases;
  auto it = bases.find(&co);
  if (it != bases.end()) return it->second;
  uint64_t base = alloc(co.image().size() ? co.image().size() : 1, 4096);
  if (base && !co.image().empty()) write(base, co.image().data(), co.image().size());
  bases[&co] = base;
  return base;
}

LaunchResult Device::launch(const CodeObject&, const KernelInfo& kernel, const LaunchConfig& cfg,
                            const std::vector<uint8_t>& kernarg, const LaunchOptions& opts) {
  fake::last.count++;
  fake::last.kernel = kernel.name;
  fake::last.cfg = cfg;
  fake::last.kernarg = kernarg;
  fake::last.opts = opts;
  LaunchResult r;
  r.fault = fake::next_fault;
  fake::next_fault = Fault::None;
  uint32_t tag = 0;
  if (kernarg.size() >= 4) std::memcpy(&tag, kernarg.data(), 4);
  if (fake::fault_tag >= 0 && tag == uint32_t(fake::fault_tag)) r.fault = Fault::MemoryViolation;
  if (!r.ok()) r.diagnostic = "fake device: injected fault in " + kernel.name;
  return r;
}

}  // namespace rdna4emu
