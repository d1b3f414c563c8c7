// Pinned and mapped host memory: hipHostMalloc / hipHostAlloc / hipMallocHost,
// hipHostFree / hipFreeHost, hipHostRegister / hipHostUnregister,
// hipHostGetDevicePointer, hipHostGetFlags.
//
// The model (harness/hip/README.md, "Pinned and mapped host memory"): every block is
// mapped into the emulated device's address space AT ITS HOST ADDRESS
// (rdna4emu::Device::map_host), so the pointer the host uses is also a valid device
// pointer, as on ROCm systems with unified addressing (hipHostGetDevicePointer returns
// the host pointer). A kernel reads and writes the host bytes directly; launches run
// synchronously, so the host sees a kernel's stores once the launch returns. All flags
// (Portable, Mapped, WriteCombined, Coherent, NonCoherent, NumaUser) give the same
// memory: every block is mapped, the emulator has no caches to make coherent.
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "runtime.h"

using namespace hipemu;

namespace {

constexpr size_t kPage = 4096;  // ROCm documents a 4 KiB allocation granularity

// The block containing [p, p+n), or end().
std::map<const void*, Runtime::HostBlock>::iterator block_of(Runtime& r, const void* p, size_t n) {
  auto it = r.host_blocks.upper_bound(p);
  if (it == r.host_blocks.begin()) return r.host_blocks.end();
  --it;
  uintptr_t base = reinterpret_cast<uintptr_t>(it->first), a = reinterpret_cast<uintptr_t>(p);
  if (a - base < it->second.size && n <= it->second.size - (a - base)) return it;
  return r.host_blocks.end();
}

bool overlaps_block(Runtime& r, const void* p, size_t n) {
  uintptr_t a = reinterpret_cast<uintptr_t>(p);
  for (auto& [base, b] : r.host_blocks) {
    uintptr_t lo = reinterpret_cast<uintptr_t>(base);
    if (a < lo + b.size && lo < a + n) return true;
  }
  return false;
}

// Valid flags of hipHostMalloc (ROCm's hip_runtime_api.h: Default 0, Portable 0x1,
// Mapped 0x2, WriteCombined 0x4, NumaUser 0x20000000, Coherent 0x40000000,
// NonCoherent 0x80000000; Coherent and NonCoherent together are invalid).
constexpr unsigned kHostMallocFlags = 0x1u | 0x2u | 0x4u | 0x20000000u | 0x40000000u | 0x80000000u;

hipError_t host_alloc(void** ptr, size_t size, unsigned flags, const char* api) {
  Runtime& r = rt();
  if (!ptr) return hipErrorInvalidValue;
  if ((flags & ~kHostMallocFlags) ||
      ((flags & hipHostMallocCoherent) && (flags & hipHostMallocNonCoherent))) {
    std::fprintf(stderr, "hipemu: %s: invalid flags 0x%x\n", api, flags);
    return hipErrorInvalidValue;
  }
  rdna4emu::Device* d = device(r);
  if (!d) return hipErrorNoDevice;
  *ptr = nullptr;
  if (size == 0) return hipSuccess;  // documented: no memory, nullptr, hipSuccess
  size_t rounded = (size + kPage - 1) / kPage * kPage;
  if (rounded < size) return hipErrorOutOfMemory;
  void* p = std::aligned_alloc(kPage, rounded);
  if (!p) return hipErrorOutOfMemory;
  if (!d->map_host(p, rounded)) {
    std::fprintf(stderr,
                 "hipemu: %s: host memory at %p cannot be mapped at its own address (it overlaps "
                 "the emulator's device address range)\n",
                 api, p);
    std::free(p);
    return hipErrorOutOfMemory;
  }
  r.host_blocks[p] = Runtime::HostBlock{rounded, flags, true};
  *ptr = p;
  return hipSuccess;
}

hipError_t host_free(void* ptr, const char* api) {
  Runtime& r = rt();
  if (!ptr) return hipSuccess;
  rdna4emu::Device* d = device(r);
  if (!d) return hipErrorNoDevice;
  auto it = r.host_blocks.find(ptr);
  if (it == r.host_blocks.end() || !it->second.owned) {
    std::fprintf(stderr, "hipemu: %s: %p was not allocated by hipHostMalloc/hipHostAlloc\n", api,
                 ptr);
    return hipErrorInvalidValue;
  }
  d->unmap_host(ptr);
  std::free(ptr);
  r.host_blocks.erase(it);
  return hipSuccess;
}

}  // namespace

namespace hipemu {

bool host_mapped(Runtime& r, const void* p, size_t n) { return block_of(r, p, n) != r.host_blocks.end(); }

void map_host_blocks(Runtime& r, rdna4emu::Device& d) {
  for (auto& [p, b] : r.host_blocks) d.map_host(const_cast<void*>(p), b.size);
}

}  // namespace hipemu

extern "C" {

hipError_t hipHostMalloc(void** ptr, size_t size, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(host_alloc(ptr, size, flags, "hipHostMalloc"));
  HIPEMU_API_END
}

hipError_t hipHostAlloc(void** ptr, size_t size, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(host_alloc(ptr, size, flags, "hipHostAlloc"));
  HIPEMU_API_END
}

hipError_t hipExtHostAlloc(void** ptr, size_t size, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(host_alloc(ptr, size, flags, "hipExtHostAlloc"));
  HIPEMU_API_END
}

hipError_t hipMallocHost(void** ptr, size_t size) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(host_alloc(ptr, size, 0, "hipMallocHost"));
  HIPEMU_API_END
}

hipError_t hipMemAllocHost(void** ptr, size_t size) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(host_alloc(ptr, size, 0, "hipMemAllocHost"));
  HIPEMU_API_END
}

hipError_t hipHostFree(void* ptr) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(host_free(ptr, "hipHostFree"));
  HIPEMU_API_END
}

hipError_t hipFreeHost(void* ptr) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(host_free(ptr, "hipFreeHost"));
  HIPEMU_API_END
}

hipError_t hipHostRegister(void* hostPtr, size_t sizeBytes, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!hostPtr || sizeBytes == 0) return record(hipErrorInvalidValue);
  // hipHostRegisterDefault 0, Portable 0x1, Mapped 0x2, IoMemory 0x4, ReadOnly 0x8.
  if (flags & ~0xfu) {
    std::fprintf(stderr, "hipemu: hipHostRegister: invalid flags 0x%x\n", flags);
    return record(hipErrorInvalidValue);
  }
  rdna4emu::Device* d = device(r);
  if (!d) return record(hipErrorNoDevice);
  if (overlaps_block(r, hostPtr, sizeBytes)) {
    std::fprintf(stderr, "hipemu: hipHostRegister: [%p, +%zu) is already registered\n", hostPtr,
                 sizeBytes);
    return record(hipErrorHostMemoryAlreadyRegistered);
  }
  if (!d->map_host(hostPtr, sizeBytes)) {
    std::fprintf(stderr,
                 "hipemu: hipHostRegister: [%p, +%zu) cannot be mapped at its own address (it "
                 "overlaps the emulator's device address range)\n",
                 hostPtr, sizeBytes);
    return record(hipErrorInvalidValue);
  }
  r.host_blocks[hostPtr] = Runtime::HostBlock{sizeBytes, flags, false};
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipHostUnregister(void* hostPtr) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  rdna4emu::Device* d = device(r);
  if (!d) return record(hipErrorNoDevice);
  auto it = r.host_blocks.find(hostPtr);
  if (!hostPtr || it == r.host_blocks.end() || it->second.owned) {
    std::fprintf(stderr, "hipemu: hipHostUnregister: %p was not registered by hipHostRegister\n",
                 hostPtr);
    return record(hipErrorHostMemoryNotRegistered);
  }
  d->unmap_host(hostPtr);
  r.host_blocks.erase(it);
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipHostGetDevicePointer(void** devPtr, void* hstPtr, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!devPtr || !hstPtr || flags != 0) return record(hipErrorInvalidValue);
  if (!configure(r)) return record(hipErrorNoDevice);
  if (!host_mapped(r, hstPtr, 1)) {
    std::fprintf(stderr, "hipemu: hipHostGetDevicePointer: %p is not pinned host memory\n", hstPtr);
    return record(hipErrorInvalidValue);
  }
  *devPtr = hstPtr;  // mapped at its own address
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipHostGetFlags(unsigned int* flagsPtr, void* hostPtr) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!flagsPtr || !hostPtr) return record(hipErrorInvalidValue);
  auto it = block_of(r, hostPtr, 1);
  if (it == r.host_blocks.end()) return record(hipErrorInvalidValue);
  *flagsPtr = it->second.flags;
  return hipSuccess;
  HIPEMU_API_END
}

}  // extern "C"
