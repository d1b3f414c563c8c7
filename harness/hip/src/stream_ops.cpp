// Kernel faults per stream, and the stream-ordered operations real programs
// use: hipStreamQuery, hipStreamWaitEvent, hipLaunchHostFunc,
// hipStreamAddCallback, hipMallocAsync, hipFreeAsync.
//
// Every operation on the emulator runs in order on the calling thread, inside
// the call that enqueues it: when one of these calls is made, everything
// enqueued before it on any stream has completed. So a host function runs at
// once (after the work before it, before anything enqueued after the call
// returns), a wait on an event is already satisfied, and a stream-ordered
// allocation or free takes effect when called. Host functions and callbacks run
// without the runtime's lock held, so one that blocks does not stop other host
// threads from using the runtime.
//
// Fault rule (harness/hip/README.md, "Kernel faults"): a fault belongs to the
// stream its kernel ran on and to the device.
#include <cstdio>

#include "runtime.h"

namespace hipemu {

void post_fault(Runtime& r, hipStream_t stream, hipError_t e) {
  if (stream && r.streams.count(stream) && stream->error == hipSuccess) stream->error = e;
  if (r.pending == hipSuccess) r.pending = e;
}

hipError_t take_stream_error(Runtime& r, hipStream_t stream) {
  if (!stream) return take_pending(r);
  hipError_t e = stream->error;
  stream->error = hipSuccess;
  return e;
}

hipError_t peek_stream_error(Runtime& r, hipStream_t stream) {
  return stream ? stream->error : r.pending;
}

}  // namespace hipemu

using namespace hipemu;

extern "C" {

// Everything on the stream has completed; its unreported fault, if any, is
// returned (and cleared, as hipStreamSynchronize does).
hipError_t hipStreamQuery(hipStream_t stream) { return hipStreamSynchronize(stream); }

// The event's work has completed when this is called, so the wait is already
// satisfied; an event never recorded is no dependency (as in ROCm). A fault the
// event carries stays with the event and its stream: the waiting stream does
// not inherit it.
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  Runtime& r = rt();
  if (!device(r)) return record(hipErrorNoDevice);
  if (!valid_stream(r, stream) || !event || !r.events.count(event))
    return record(hipErrorInvalidHandle);
  if (flags != 0) return record(hipErrorInvalidValue);  // "must be 0"
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData) {
  HIPEMU_API_BEGIN
  {
    std::lock_guard<std::recursive_mutex> g(rt().mutex);
    if (!device(rt())) return record(hipErrorNoDevice);
    if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
    if (!fn) return record(hipErrorInvalidValue);
  }
  fn(userData);
  return hipSuccess;
  HIPEMU_API_END
}

// The callback receives the stream's unreported fault as `status` (the fault
// stays with the stream for its next synchronization).
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* userData,
                                unsigned int flags) {
  HIPEMU_API_BEGIN
  hipError_t status;
  {
    std::lock_guard<std::recursive_mutex> g(rt().mutex);
    if (!device(rt())) return record(hipErrorNoDevice);
    if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
    if (!callback || flags != 0) return record(hipErrorInvalidValue);  // flags: "must be 0"
    status = peek_stream_error(rt(), stream);
  }
  callback(stream, status, userData);
  return hipSuccess;
  HIPEMU_API_END
}

// As ROCm's runtime (ROCm/clr hipamd/src/hip_mempool.cpp): a null dev_ptr is
// hipErrorInvalidValue, size 0 gives a null pointer and hipSuccess.
hipError_t hipMallocAsync(void** dev_ptr, size_t size, hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!dev_ptr) return record(hipErrorInvalidValue);
  rdna4emu::Device* d = device(rt());
  if (!d) return record(hipErrorNoDevice);
  if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
  *dev_ptr = nullptr;
  if (size == 0) return hipSuccess;
  uint64_t base = d->alloc(size);
  if (!base) return record(hipErrorOutOfMemory);
  *dev_ptr = reinterpret_cast<void*>(base);
  rt().device_bytes += d->find(base)->size;
  return hipSuccess;
  HIPEMU_API_END
}

// As ROCm's runtime: a null pointer is hipSuccess, anything but the base of a
// device allocation hipErrorInvalidValue.
hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  rdna4emu::Device* d = device(rt());
  if (!d) return record(hipErrorNoDevice);
  if (!valid_stream(rt(), stream)) return record(hipErrorInvalidHandle);
  if (!dev_ptr) return hipSuccess;
  auto a = d->find(reinterpret_cast<uint64_t>(dev_ptr));
  if (!d->free(reinterpret_cast<uint64_t>(dev_ptr))) {
    std::fprintf(stderr, "hipemu: hipFreeAsync: %p is not the base of a device allocation\n",
                 dev_ptr);
    return record(hipErrorInvalidValue);
  }
  rt().device_bytes -= a->size;
  return hipSuccess;
  HIPEMU_API_END
}

}  // extern "C"
