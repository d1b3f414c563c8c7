// Streams and events. The emulator runs every operation synchronously, in
// order, so a stream is only a handle and an event records the host time
// (std::chrono::steady_clock) at hipEventRecord: hipEventElapsedTime measures
// host wall time, which includes the emulation of the kernels in between.
#include <chrono>

#include "runtime.h"

struct ihipStream_t {
  unsigned flags = 0;
};
struct ihipEvent_t {
  unsigned flags = 0;
  bool recorded = false;
  std::chrono::steady_clock::time_point when;
};

namespace hipemu {
bool valid_stream(Runtime& r, hipStream_t s) { return !s || r.streams.count(s); }
}  // namespace hipemu

using namespace hipemu;

namespace {
bool valid_event(Runtime& r, hipEvent_t e) { return e && r.events.count(e); }
}  // namespace

extern "C" {

hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!stream || (flags & ~unsigned(hipStreamNonBlocking))) return record(hipErrorInvalidValue);
  if (!device(rt())) return record(hipErrorNoDevice);
  *stream = new ihipStream_t;
  (*stream)->flags = flags;
  rt().streams.insert(*stream);
  return hipSuccess;
}

hipError_t hipStreamCreate(hipStream_t* stream) { return hipStreamCreateWithFlags(stream, 0); }

hipError_t hipStreamDestroy(hipStream_t stream) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!stream || !rt().streams.erase(stream)) return record(hipErrorInvalidHandle);
  delete stream;
  return hipSuccess;
}

hipError_t hipStreamSynchronize(hipStream_t stream) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!device(rt())) return record(hipErrorNoDevice);
  if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
  return record(take_pending(rt()));
}

hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!event) return record(hipErrorInvalidValue);
  if (flags & ~unsigned(hipEventBlockingSync | hipEventDisableTiming))
    return record(hipErrorInvalidValue);
  if (!device(rt())) return record(hipErrorNoDevice);
  ihipEvent_t* e = new ihipEvent_t;
  e->flags = flags;
  rt().events.insert(e);
  *event = e;
  return hipSuccess;
}

hipError_t hipEventCreate(hipEvent_t* event) { return hipEventCreateWithFlags(event, 0); }

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!valid_event(rt(), event)) return record(hipErrorInvalidHandle);
  if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
  event->recorded = true;
  event->when = std::chrono::steady_clock::now();
  return hipSuccess;
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!valid_event(rt(), event)) return record(hipErrorInvalidHandle);
  return record(take_pending(rt()));
}

hipError_t hipEventQuery(hipEvent_t event) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!valid_event(rt(), event)) return record(hipErrorInvalidHandle);
  return hipSuccess;  // everything before it has completed
}

hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!ms) return record(hipErrorInvalidValue);
  if (!valid_event(rt(), start) || !valid_event(rt(), stop)) return record(hipErrorInvalidHandle);
  if ((start->flags | stop->flags) & hipEventDisableTiming) return record(hipErrorInvalidHandle);
  if (!start->recorded || !stop->recorded) return record(hipErrorInvalidHandle);
  *ms = std::chrono::duration<float, std::milli>(stop->when - start->when).count();
  return hipSuccess;
}

hipError_t hipEventDestroy(hipEvent_t event) {
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!event || !rt().events.erase(event)) return record(hipErrorInvalidHandle);
  delete event;
  return hipSuccess;
}

}  // extern "C"
