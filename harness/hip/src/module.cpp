// hipModuleLoadData / hipModuleLoad / hipModuleGetFunction /
// hipModuleLaunchKernel: code objects loaded at run time (plain ELF, clang
// offload bundle or CCOB).
#include <cstdio>
#include <fstream>
#include <iterator>

#include "runtime.h"

struct ihipModule_t {
  hipemu::Program program;
  std::vector<uint8_t> owned;  // file contents for hipModuleLoad
};
struct ihipModuleSymbol_t {
  ihipModule_t* module;
  const rdna4emu::KernelInfo* kernel;
};

using namespace hipemu;

namespace {

hipError_t load_module(hipModule_t* module, std::unique_ptr<ihipModule_t> m, size_t bound) {
  Runtime& r = rt();
  std::string why;
  m->program.size = image_extent(m->program.data, bound, &why);
  if (!m->program.size) {
    std::fprintf(stderr, "hipemu: %s: %s\n", m->program.origin.c_str(), why.c_str());
    return hipErrorInvalidImage;
  }
  if (hipError_t e = load(r, m->program)) return e;
  *module = m.release();
  r.modules.insert(*module);
  return hipSuccess;
}

}  // namespace

namespace hipemu {
hipError_t module_kernel(Runtime& r, hipFunction_t f, const rdna4emu::CodeObject** co,
                         const rdna4emu::KernelInfo** kernel) {
  if (!f || !r.module_functions.count(f)) return hipErrorInvalidHandle;
  *co = f->module->program.co.get();
  *kernel = f->kernel;
  return hipSuccess;
}
}  // namespace hipemu

extern "C" {

hipError_t hipModuleLoadData(hipModule_t* module, const void* image) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!module || !image) return record(hipErrorInvalidValue);
  if (!device(rt())) return record(hipErrorNoDevice);
  auto m = std::make_unique<ihipModule_t>();
  m->program.data = static_cast<const uint8_t*>(image);
  m->program.origin = "module image";
  // The image comes without a size: its headers tell, read with a generous
  // bound (a mapped segment's end when the image is inside the program).
  size_t bound = mapped_bound(image);
  return record(load_module(module, std::move(m), bound ? bound : size_t(1) << 32));
  HIPEMU_API_END
}

hipError_t hipModuleLoad(hipModule_t* module, const char* fname) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!module || !fname) return record(hipErrorInvalidValue);
  if (!device(rt())) return record(hipErrorNoDevice);
  std::ifstream f(fname, std::ios::binary);
  if (!f) {
    std::fprintf(stderr, "hipemu: hipModuleLoad: cannot open %s\n", fname);
    return record(hipErrorFileNotFound);
  }
  auto m = std::make_unique<ihipModule_t>();
  m->owned.assign(std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>());
  m->program.data = m->owned.data();
  m->program.origin = fname;
  size_t n = m->owned.size();
  return record(load_module(module, std::move(m), n));
  HIPEMU_API_END
}

hipError_t hipModuleUnload(hipModule_t module) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!module || !r.modules.erase(module)) return record(hipErrorInvalidHandle);
  for (auto it = r.module_functions.begin(); it != r.module_functions.end();) {
    auto* f = static_cast<ihipModuleSymbol_t*>(const_cast<void*>(*it));
    if (f->module == module) {
      delete f;
      it = r.module_functions.erase(it);
    } else {
      ++it;
    }
  }
  delete module;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!function || !kname) return record(hipErrorInvalidValue);
  if (!module || !r.modules.count(module)) return record(hipErrorInvalidHandle);
  const rdna4emu::KernelInfo* k = module->program.co->find_kernel(kname);
  if (!k) {
    std::fprintf(stderr, "hipemu: hipModuleGetFunction: no kernel named %s\n", kname);
    return record(hipErrorNotFound);
  }
  auto* f = new ihipModuleSymbol_t{module, k};
  r.module_functions.insert(f);
  *function = f;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX,
                                 unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!f || !r.module_functions.count(f)) return record(hipErrorInvalidHandle);
  const void* raw = nullptr;
  size_t raw_size = 0;
  if (extra) {
    // { HIP_LAUNCH_PARAM_BUFFER_POINTER, buf, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size, HIP_LAUNCH_PARAM_END }
    bool have_size = false;
    for (int i = 0; extra[i] != HIP_LAUNCH_PARAM_END; i += 2) {
      if (i > 64) return record(hipErrorInvalidValue);
      if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_POINTER) raw = extra[i + 1];
      else if (extra[i] == HIP_LAUNCH_PARAM_BUFFER_SIZE && extra[i + 1]) {
        raw_size = *static_cast<size_t*>(extra[i + 1]);
        have_size = true;
      } else return record(hipErrorInvalidValue);
    }
    if (!raw || !have_size || kernelParams) return record(hipErrorInvalidValue);
  }
  return record(launch(r, *f->module->program.co, *f->kernel, dim3(gridDimX, gridDimY, gridDimZ),
                       dim3(blockDimX, blockDimY, blockDimZ), sharedMemBytes, stream,
                       kernelParams, raw, raw_size));
  HIPEMU_API_END
}

}  // extern "C"
