// hipGetErrorName / hipGetErrorString (from hip_errors.def), the per-thread
// last error, and the pending launch fault.
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
