// Streams and events. The emulator runs every operation synchronously, in
// order, so a stream is a handle plus the fault its kernels left (see
// post_fault, src/stream_ops.cpp) and an event records the host time
// (std::chrono::steady_clock) at hipEventRecord: hipEventElapsedTime measures
// host wall time, which includes the emulation of the kernels in between.
#include <chrono>

#include "runtime.h"

namespace hipemu {
bool valid_stream(Runtime& r, hipStream_t s) { return !s || r.streams.count(s); }
}  // namespace hipemu

using namespace hipemu;

namespace {
bool valid_event(Runtime& r, hipEvent_t e) { return e && r.events.count(e); }
}  // namespace

extern "C" {

hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!stream || (flags & ~unsigned(hipStreamNonBlocking))) return record(hipErrorInvalidValue);
  if (!device(rt())) return record(hipErrorNoDevice);
  auto s = std::make_unique<ihipStream_t>();
  s->flags = flags;
  rt().streams.insert(s.get());
  *stream = s.release();
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipStreamCreate(hipStream_t* stream) { return hipStreamCreateWithFlags(stream, 0); }

hipError_t hipStreamDestroy(hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!stream || !rt().streams.erase(stream)) return record(hipErrorInvalidHandle);
  delete stream;
  return hipSuccess;
  HIPEMU_API_END
}

// The stream's own fault (any thread may call it); the null stream waits for
// the whole device, so it returns the device's unreported fault.
hipError_t hipStreamSynchronize(hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!device(rt())) return record(hipErrorNoDevice);
  if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
  return record(take_stream_error(rt(), stream));
  HIPEMU_API_END
}

hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!event) return record(hipErrorInvalidValue);
  if (flags & ~unsigned(hipEventBlockingSync | hipEventDisableTiming))
    return record(hipErrorInvalidValue);
  if (!device(rt())) return record(hipErrorNoDevice);
  auto e = std::make_unique<ihipEvent_t>();
  e->flags = flags;
  rt().events.insert(e.get());
  *event = e.release();
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipEventCreate(hipEvent_t* event) { return hipEventCreateWithFlags(event, 0); }

hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!valid_event(rt(), event)) return record(hipErrorInvalidHandle);
  if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
  event->recorded = true;
  event->when = std::chrono::steady_clock::now();
  event->error = peek_stream_error(rt(), stream);  // the work before it faulted
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipEventSynchronize(hipEvent_t event) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!valid_event(rt(), event)) return record(hipErrorInvalidHandle);
  return record(event->error);
  HIPEMU_API_END
}

hipError_t hipEventQuery(hipEvent_t event) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!valid_event(rt(), event)) return record(hipErrorInvalidHandle);
  return record(event->error);  // everything before it has completed
  HIPEMU_API_END
}

hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!ms) return record(hipErrorInvalidValue);
  if (!valid_event(rt(), start) || !valid_event(rt(), stop)) return record(hipErrorInvalidHandle);
  if ((start->flags | stop->flags) & hipEventDisableTiming) return record(hipErrorInvalidHandle);
  if (!start->recorded || !stop->recorded) return record(hipErrorInvalidHandle);
  *ms = std::chrono::duration<float, std::milli>(stop->when - start->when).count();
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipEventDestroy(hipEvent_t event) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!event || !rt().events.erase(event)) return record(hipErrorInvalidHandle);
  delete event;
  return hipSuccess;
  HIPEMU_API_END
}

}  // extern "C"
