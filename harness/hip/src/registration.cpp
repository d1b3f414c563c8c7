// What clang's HIP host code calls: the module constructor registers the
// program's fat binary and each kernel's host handle; <<<...>>> pushes the
// launch configuration that the kernel's host stub pops before hipLaunchKernel.
#include <cstdio>
#include <vector>

#include "runtime.h"

using namespace hipemu;

namespace {

// The wrapper clang emits in section .hipFatBinSegment.
struct FatbinWrapper {
  uint32_t magic;    // 0x48495046 "HIPF"
  uint32_t version;  // 1
  const void* binary;
  const void* unused;
};
constexpr uint32_t kHipFatbinMagic = 0x48495046;

struct CallConfig {
  dim3 grid, block;
  size_t shared;
  hipStream_t stream;
};
thread_local std::vector<CallConfig> t_configs;

}  // namespace

extern "C" {

void** __hipRegisterFatBinary(const void* data) {
  try {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  auto p = std::make_unique<Program>();
  char buf[64];
  std::snprintf(buf, sizeof buf, "fat binary at %p", data);
  p->origin = buf;
  const FatbinWrapper* w = static_cast<const FatbinWrapper*>(data);
  if (!w || w->magic != kHipFatbinMagic || !w->binary) {
    p->tried = true;
    p->load_error = hipErrorInvalidImage;
    std::fprintf(stderr, "hipemu: __hipRegisterFatBinary: %s has no 'HIPF' wrapper\n", buf);
  } else {
    p->data = static_cast<const uint8_t*>(w->binary);
    // The bundle's size is not passed: its headers tell, read within the
    // loaded segment that holds it (.hip_fatbin of the program).
    size_t bound = mapped_bound(p->data);
    std::string why;
    p->size = image_extent(p->data, bound ? bound : size_t(1) << 32, &why);
    if (!p->size) {
      p->tried = true;
      p->load_error = hipErrorInvalidImage;
      std::fprintf(stderr, "hipemu: __hipRegisterFatBinary: %s: %s\n", buf, why.c_str());
    }
  }
  Program* raw = p.get();
  rt().programs.push_back(std::move(p));
  // The handle clang stores and passes back: a pointer to our Program.
  return reinterpret_cast<void**>(raw);
  } catch (...) {  // nothing throws past the C API: the program's kernels stay unregistered
    (void)record(internal_error(__func__, std::current_exception()));
    return nullptr;
  }
}

void __hipRegisterFunction(void** modules, const void* hostFunction, char* deviceFunction,
                           const char* deviceName, unsigned int, void*, void*, void*, void*,
                           int*) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Program* p = reinterpret_cast<Program*>(modules);
  const char* name = deviceName ? deviceName : deviceFunction;
  if (!p || !hostFunction || !name) return;
  rt().functions[hostFunction] = Runtime::Registered{p, name};
  HIPEMU_API_END_VOID
}

// __device__ / __constant__ variables: the host shadow's address names the
// device variable (hipMemcpyToSymbol & co., src/symbols.cpp). Managed
// variables, surfaces and textures are not supported: recorded nowhere.
void __hipRegisterVar(void** modules, void* hostVar, char* deviceVar, const char* deviceName,
                      int, size_t size, int, int) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Program* p = reinterpret_cast<Program*>(modules);
  const char* name = deviceName ? deviceName : deviceVar;
  if (!p || !hostVar || !name) return;
  rt().variables[hostVar] = Runtime::Variable{p, name, size};
  HIPEMU_API_END_VOID
}
void __hipRegisterManagedVar(void*, void**, void*, const char*, size_t, unsigned) {}
void __hipRegisterSurface(void**, void*, char*, char*, int, int) {}
void __hipRegisterTexture(void**, void*, char*, char*, int, int, int) {}

void __hipUnregisterFatBinary(void** modules) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Program* p = reinterpret_cast<Program*>(modules);
  Runtime& r = rt();
  for (auto it = r.functions.begin(); it != r.functions.end();)
    it = it->second.program == p ? r.functions.erase(it) : std::next(it);
  for (auto it = r.variables.begin(); it != r.variables.end();)
    it = it->second.program == p ? r.variables.erase(it) : std::next(it);
  for (auto it = r.programs.begin(); it != r.programs.end(); ++it)
    if (it->get() == p) {
      r.programs.erase(it);
      break;
    }
  HIPEMU_API_END_VOID
}

hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim, size_t sharedMem,
                                      hipStream_t stream) {
  HIPEMU_API_BEGIN
  t_configs.push_back(CallConfig{gridDim, blockDim, sharedMem, stream});
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                     hipStream_t* stream) {
  HIPEMU_API_BEGIN
  if (t_configs.empty()) return record(hipErrorMissingConfiguration);
  CallConfig c = t_configs.back();
  t_configs.pop_back();
  if (gridDim) *gridDim = c.grid;
  if (blockDim) *blockDim = c.block;
  if (sharedMem) *sharedMem = c.shared;
  if (stream) *stream = c.stream;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                           void** args, size_t sharedMemBytes, hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!device(r)) return record(hipErrorNoDevice);
  auto it = r.functions.find(function_address);
  if (it == r.functions.end()) {
    std::fprintf(stderr, "hipemu: hipLaunchKernel: %p is not a registered kernel\n",
                 function_address);
    return record(hipErrorInvalidDeviceFunction);
  }
  Program& p = *it->second.program;
  if (hipError_t e = load(r, p)) return record(e);
  const rdna4emu::KernelInfo* k = p.co->find_kernel(it->second.name);
  if (!k) {
    std::fprintf(stderr, "hipemu: kernel %s is not in the %s code object of %s\n",
                 it->second.name.c_str(), r.arch.c_str(), p.origin.c_str());
    return record(hipErrorInvalidDeviceFunction);
  }
  return record(launch(r, *p.co, *k, numBlocks, dimBlocks, sharedMemBytes, stream, args,
                       nullptr, 0));
  HIPEMU_API_END
}

}  // extern "C"
