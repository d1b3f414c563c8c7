// hipGetErrorName / hipGetErrorString (from hip_errors.def), the per-thread
// last error, the pending launch fault, and exceptions stopped at the C API.
#include <cstdio>
#include <new>

#include "runtime.h"

namespace hipemu {

namespace {
thread_local hipError_t t_last_error = hipSuccess;
}

hipError_t record(hipError_t e) {
  if (e != hipSuccess) t_last_error = e;
  return e;
}

hipError_t take_pending(Runtime& r) {
  hipError_t e = r.pending;
  r.pending = hipSuccess;
  return e;
}

hipError_t internal_error(const char* function, std::exception_ptr e) noexcept {
  try {
    std::rethrow_exception(e);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "hipemu: %s: host out of memory\n", function);
    return hipErrorOutOfMemory;
  } catch (const std::exception& x) {
    std::fprintf(stderr, "hipemu: %s: internal error: %s\n", function, x.what());
  } catch (...) {
    std::fprintf(stderr, "hipemu: %s: internal error (unknown exception)\n", function);
  }
  return hipErrorUnknown;
}

}  // namespace hipemu

extern "C" {

hipError_t hipGetLastError(void) {
  hipError_t e = hipemu::t_last_error;
  hipemu::t_last_error = hipSuccess;
  return e;
}

hipError_t hipPeekAtLastError(void) { return hipemu::t_last_error; }

const char* hipGetErrorName(hipError_t error) {
  switch (static_cast<int>(error)) {
#define HIP_ERROR(name, value, text) \
  case value:                        \
    return #name;
#include "hip/hip_errors.def"
#undef HIP_ERROR
  }
  return "hipErrorUnknown";
}

const char* hipGetErrorString(hipError_t error) {
  switch (static_cast<int>(error)) {
#define HIP_ERROR(name, value, text) \
  case value:                        \
    return text;
#include "hip/hip_errors.def"
#undef HIP_ERROR
  }
  return "unknown error";
}

}  // extern "C"
