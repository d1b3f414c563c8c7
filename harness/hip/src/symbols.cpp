// __device__ / __constant__ variables from the host: hipGetSymbolAddress,
// hipGetSymbolSize, hipMemcpyToSymbol, hipMemcpyFromSymbol. A variable is
// named by its host shadow (registered by __hipRegisterVar); it lives in the
// code object's image, mapped in device memory at Device::code_object_base,
// at base + the symbol's vaddr.
#include <cstdio>

#include "runtime.h"

using namespace hipemu;

namespace {

// Device address and size of `symbol`, or an error (printed).
hipError_t resolve(const void* symbol, uint64_t* addr, size_t* size) {
  Runtime& r = rt();
  rdna4emu::Device* d = device(r);
  if (!d) return hipErrorNoDevice;
  auto it = r.variables.find(symbol);
  if (it == r.variables.end()) {
    std::fprintf(stderr, "hipemu: %p is not a registered __device__ variable\n", symbol);
    return hipErrorInvalidSymbol;
  }
  Program& p = *it->second.program;
  if (hipError_t e = load(r, p)) return e;
  const auto* s = p.co->find_data_symbol(it->second.name);
  if (!s) {
    std::fprintf(stderr, "hipemu: variable %s is not in the %s code object of %s\n",
                 it->second.name.c_str(), r.arch.c_str(), p.origin.c_str());
    return hipErrorInvalidSymbol;
  }
  uint64_t base = d->code_object_base(*p.co);
  if (!base) return hipErrorOutOfMemory;
  *addr = base + s->vaddr;
  *size = s->size ? s->size : it->second.size;
  return hipSuccess;
}

hipError_t copy_symbol(void* host, const void* symbol, size_t n, size_t offset,
                       hipMemcpyKind kind, bool to_symbol) {
  uint64_t addr;
  size_t size;
  if (hipError_t e = resolve(symbol, &addr, &size)) return e;
  if (offset > size || n > size - offset) {
    std::fprintf(stderr, "hipemu: %zu bytes at offset %zu exceed the %zu-byte variable\n", n,
                 offset, size);
    return hipErrorInvalidValue;
  }
  if (kind != hipMemcpyDefault && kind != hipMemcpyDeviceToDevice &&
      kind != (to_symbol ? hipMemcpyHostToDevice : hipMemcpyDeviceToHost))
    return hipErrorInvalidMemcpyDirection;
  void* dev = reinterpret_cast<void*>(addr + offset);
  return to_symbol ? hipMemcpy(dev, host, n, kind == hipMemcpyDefault ? hipMemcpyDefault : kind)
                   : hipMemcpy(host, dev, n, kind == hipMemcpyDefault ? hipMemcpyDefault : kind);
}

}  // namespace

extern "C" {

hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!devPtr) return record(hipErrorInvalidValue);
  uint64_t addr;
  size_t size;
  if (hipError_t e = resolve(symbol, &addr, &size)) return record(e);
  *devPtr = reinterpret_cast<void*>(addr);
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipGetSymbolSize(size_t* sizeOut, const void* symbol) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!sizeOut) return record(hipErrorInvalidValue);
  uint64_t addr;
  size_t size;
  if (hipError_t e = resolve(symbol, &addr, &size)) return record(e);
  *sizeOut = size;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t n, size_t offset,
                             hipMemcpyKind kind) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(copy_symbol(const_cast<void*>(src), symbol, n, offset, kind, true));
  HIPEMU_API_END
}

hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t n, size_t offset,
                               hipMemcpyKind kind) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  return record(copy_symbol(dst, symbol, n, offset, kind, false));
  HIPEMU_API_END
}

}  // extern "C"
