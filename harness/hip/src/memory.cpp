// Device memory: allocations live in the emulator's own address space
// (rdna4emu::Device); host memory is only touched by the host side of copies.
#include <cstdio>
#include <cstring>

#include "runtime.h"

using namespace hipemu;

namespace {

uint64_t addr(const void* p) { return reinterpret_cast<uint64_t>(p); }

// True if [p, p+n) lies inside one live device allocation.
bool in_device(rdna4emu::Device& d, const void* p, size_t n) {
  auto a = d.find(addr(p));
  return a && addr(p) - a->base <= a->size && n <= a->size - (addr(p) - a->base);
}
bool is_device(rdna4emu::Device& d, const void* p) { return d.find(addr(p)).has_value(); }

hipError_t memcpy_impl(void* dst, const void* src, size_t n, hipMemcpyKind kind,
                       hipStream_t stream, bool sync) {
  Runtime& r = rt();
  rdna4emu::Device* d = device(r);
  if (!d) return hipErrorNoDevice;
  if (!valid_stream(r, stream)) return hipErrorInvalidHandle;
  if (kind < hipMemcpyHostToHost || kind > hipMemcpyDefault) return hipErrorInvalidMemcpyDirection;
  if (sync) {
    if (hipError_t e = take_pending(r)) return e;
  }
  if (n == 0) return hipSuccess;
  if (!dst || !src) return hipErrorInvalidValue;
  // Where each side lives: the kind says, but (as with HIP's unified
  // addressing) a pointer inside a device allocation is device memory.
  // Pinned host memory (hipHostMalloc, hipHostRegister) is device-accessible: it may
  // stand where the kind says device memory, and is copied as host memory.
  bool dst_dev = is_device(*d, dst), src_dev = is_device(*d, src);
  bool want_dst_dev = (kind == hipMemcpyHostToDevice || kind == hipMemcpyDeviceToDevice) &&
                      !host_mapped(r, dst, n);
  bool want_src_dev = (kind == hipMemcpyDeviceToHost || kind == hipMemcpyDeviceToDevice) &&
                      !host_mapped(r, src, n);
  if ((want_dst_dev && !dst_dev) || (want_src_dev && !src_dev)) {
    std::fprintf(stderr, "hipemu: hipMemcpy: %s pointer %p is not device memory\n",
                 (want_dst_dev && !dst_dev) ? "destination" : "source",
                 (want_dst_dev && !dst_dev) ? dst : src);
    return hipErrorInvalidDevicePointer;
  }
  if ((dst_dev && !in_device(*d, dst, n)) || (src_dev && !in_device(*d, src, n))) {
    std::fprintf(stderr, "hipemu: hipMemcpy: %zu bytes at %p run past the end of the allocation\n",
                 n, (dst_dev && !in_device(*d, dst, n)) ? dst : src);
    return hipErrorInvalidValue;
  }
  bool ok = true;
  if (dst_dev && src_dev) ok = d->copy(addr(dst), addr(src), n);
  else if (dst_dev) ok = d->write(addr(dst), src, n);
  else if (src_dev) ok = d->read(addr(src), dst, n);
  else std::memmove(dst, src, n);
  return ok ? hipSuccess : hipErrorInvalidValue;
}

hipError_t memset_impl(void* dst, int value, size_t n, hipStream_t stream) {
  Runtime& r = rt();
  rdna4emu::Device* d = device(r);
  if (!d) return hipErrorNoDevice;
  if (!valid_stream(r, stream)) return hipErrorInvalidHandle;
  if (n == 0) return hipSuccess;
  if (!dst) return hipErrorInvalidValue;
  if (!is_device(*d, dst) && host_mapped(r, dst, n)) {  // pinned host memory
    std::memset(dst, value, n);
    return hipSuccess;
  }
  if (!is_device(*d, dst)) {
    std::fprintf(stderr, "hipemu: hipMemset: %p is not device memory\n", dst);
    return hipErrorInvalidDevicePointer;
  }
  if (!in_device(*d, dst, n)) {
    std::fprintf(stderr, "hipemu: hipMemset: %zu bytes at %p run past the end of the allocation\n",
                 n, dst);
    return hipErrorInvalidValue;
  }
  return d->fill(addr(dst), static_cast<uint8_t>(value), n) ? hipSuccess : hipErrorInvalidValue;
}

}  // namespace

extern "C" {

hipError_t hipMalloc(void** ptr, size_t size) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!ptr) return record(hipErrorInvalidValue);
  rdna4emu::Device* d = device(rt());
  if (!d) return record(hipErrorNoDevice);
  if (size == 0) {
    *ptr = nullptr;
    return hipSuccess;
  }
  uint64_t base = d->alloc(size);
  if (!base) {
    *ptr = nullptr;
    return record(hipErrorOutOfMemory);
  }
  *ptr = reinterpret_cast<void*>(base);
  rt().device_bytes += d->find(base)->size;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipFree(void* ptr) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!ptr) return hipSuccess;
  rdna4emu::Device* d = device(rt());
  if (!d) return record(hipErrorNoDevice);
  auto a = d->find(addr(ptr));
  if (!d->free(addr(ptr))) {
    std::fprintf(stderr, "hipemu: hipFree: %p is not the base of a device allocation\n", ptr);
    return record(hipErrorInvalidValue);
  }
  rt().device_bytes -= a->size;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipMemcpy(void* dst, const void* src, size_t n, hipMemcpyKind kind) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(memcpy_impl(dst, src, n, kind, nullptr, true));
  HIPEMU_API_END
}

hipError_t hipMemcpyAsync(void* dst, const void* src, size_t n, hipMemcpyKind kind,
                          hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(memcpy_impl(dst, src, n, kind, stream, false));
  HIPEMU_API_END
}

hipError_t hipMemset(void* dst, int value, size_t n) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(memset_impl(dst, value, n, nullptr));
  HIPEMU_API_END
}

hipError_t hipMemsetAsync(void* dst, int value, size_t n, hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(memset_impl(dst, value, n, stream));
  HIPEMU_API_END
}

hipError_t hipMemGetInfo(size_t* free, size_t* total) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  // Either pointer may be null (ROCm/clr hip_memory.cpp fills the ones given).
  if (!free && !total) return hipSuccess;
  if (!device(rt())) return record(hipErrorNoDevice);
  const size_t all = size_t(16) << 30;  // nominal, as hipDeviceProp_t::totalGlobalMem
  if (total) *total = all;
  // What hipMalloc / hipMallocAsync hold now is not free (ROCm: "snapshot of free memory").
  if (free) *free = rt().device_bytes < all ? all - rt().device_bytes : 0;
  return hipSuccess;
  HIPEMU_API_END
}

}  // extern "C"
