// Streams against the fake device: a kernel fault belongs to the stream it ran
// on (and its events) whatever thread synchronizes, and to the device; it is
// never lost; the stream-ordered operations (hipLaunchHostFunc,
// hipStreamAddCallback, hipStreamWaitEvent, hipMallocAsync/hipFreeAsync) run
// in stream order; a corrupted code object is hipErrorInvalidImage, never a
// crash. The rule is written down in harness/hip/README.md ("Kernel faults").
#include <hip/hip_runtime_api.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "fake_device.h"
#include "test_support.h"

namespace {

// tag is at kernarg offset 0: the fake device faults the launch whose tag is fake::fault_tag.
const char* kTagKernel = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void tagged(int tag, int* p) { if (p) p[threadIdx.x] = tag + blockDim.x; }
)";

class Streams : public ::testing::Test {
 protected:
  hipModule_t m = nullptr;
  hipFunction_t f = nullptr;
  void SetUp() override {
    auto co = hipemu_test::compile("tagged", kTagKernel, "--offload-arch=gfx1201 --no-gpu-bundle-output");
    ASSERT_FALSE(co.empty());
    image = co;
    ASSERT_EQ(hipModuleLoadData(&m, image.data()), hipSuccess);
    ASSERT_EQ(hipModuleGetFunction(&f, m, "tagged"), hipSuccess);
    (void)hipDeviceSynchronize();
    (void)hipGetLastError();
    fake::fault_tag = -1;
  }
  void TearDown() override {
    fake::fault_tag = -1;
    (void)hipDeviceSynchronize();
    EXPECT_EQ(hipModuleUnload(m), hipSuccess);
    (void)hipGetLastError();
  }
  hipError_t launch(int tag, hipStream_t s, int* p = nullptr) {
    void* params[] = {&tag, &p};
    return hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, s, params, nullptr);
  }
  std::vector<uint8_t> image;
};

// Thread A's kernel faults on stream A; thread B synchronizes first. B's stream
// is clean; A's stream and the event A recorded after the kernel return the
// fault; the event recorded before it does not; the device-wide
// synchronization returns it too, without taking it from stream A.
TEST_F(Streams, FaultReachesItsStreamWhoeverSynchronizesFirst) {
  hipStream_t a, b;
  ASSERT_EQ(hipStreamCreate(&a), hipSuccess);
  ASSERT_EQ(hipStreamCreate(&b), hipSuccess);
  hipEvent_t before, after;
  ASSERT_EQ(hipEventCreate(&before), hipSuccess);
  ASSERT_EQ(hipEventCreate(&after), hipSuccess);
  std::mutex mu;
  std::condition_variable cv;
  int step = 0;
  auto wait_for = [&](int s) {
    std::unique_lock<std::mutex> l(mu);
    cv.wait(l, [&] { return step >= s; });
  };
  auto advance = [&] {
    std::lock_guard<std::mutex> l(mu);
    ++step;
    cv.notify_all();
  };
  hipError_t a_launch = hipErrorUnknown, a_sync = hipErrorUnknown, a_again = hipErrorUnknown;
  hipError_t a_before = hipErrorUnknown, a_after = hipErrorUnknown, a_query = hipErrorUnknown;
  hipError_t a_last = hipErrorUnknown;
  hipError_t b_launch = hipErrorUnknown, b_sync = hipErrorUnknown, b_dev = hipErrorUnknown;
  hipError_t b_dev2 = hipErrorUnknown, b_last = hipErrorUnknown;
  fake::fault_tag = 7;
  std::thread ta([&] {
    (void)hipEventRecord(before, a);
    a_launch = launch(7, a);
    (void)hipEventRecord(after, a);
    advance();  // step 1: the fault happened
    wait_for(2);
    a_before = hipEventSynchronize(before);
    a_after = hipEventSynchronize(after);
    a_sync = hipStreamSynchronize(a);
    a_last = hipGetLastError();
    a_again = hipStreamSynchronize(a);
    a_query = hipStreamQuery(a);
  });
  std::thread tb([&] {
    wait_for(1);
    b_launch = launch(8, b);
    b_sync = hipStreamSynchronize(b);
    b_dev = hipDeviceSynchronize();
    b_dev2 = hipDeviceSynchronize();
    b_last = hipGetLastError();
    advance();  // step 2
  });
  ta.join();
  tb.join();
  EXPECT_EQ(a_launch, hipSuccess);  // launches are asynchronous
  EXPECT_EQ(b_launch, hipSuccess);
  EXPECT_EQ(b_sync, hipSuccess);    // B's own stream did not fault
  EXPECT_EQ(b_dev, hipErrorIllegalAddress);  // the device did
  EXPECT_EQ(b_dev2, hipSuccess);     // once per device-wide synchronization
  EXPECT_EQ(b_last, hipErrorIllegalAddress);
  EXPECT_EQ(a_before, hipSuccess);
  EXPECT_EQ(a_after, hipErrorIllegalAddress);
  EXPECT_EQ(a_sync, hipErrorIllegalAddress);  // not lost to B's synchronization
  EXPECT_EQ(a_last, hipErrorIllegalAddress);
  EXPECT_EQ(a_again, hipSuccess);    // reported once to the stream
  EXPECT_EQ(a_query, hipSuccess);
  EXPECT_EQ(hipEventSynchronize(after), hipErrorIllegalAddress);  // the event keeps it
  EXPECT_EQ(hipEventQuery(after), hipErrorIllegalAddress);
  EXPECT_EQ(hipEventRecord(after, a), hipSuccess);  // re-recorded after the report: clean
  EXPECT_EQ(hipEventSynchronize(after), hipSuccess);
  for (hipEvent_t e : {before, after}) EXPECT_EQ(hipEventDestroy(e), hipSuccess);
  for (hipStream_t s : {a, b}) EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
}

// 8 host threads x 40 launches, each thread on its own stream and synchronizing
// after every launch: exactly the faulting launch's thread sees the fault, at
// that launch, in every one of several rounds; the device sees it once.
TEST_F(Streams, ManyThreadsOnlyTheFaultingStreamSeesIt) {
  constexpr int kThreads = 8, kLaunches = 40;
  for (int round = 0; round < 3; ++round) {
    const int bad_thread = (3 + round * 2) % kThreads, bad_launch = 17 + round;
    fake::fault_tag = bad_thread * 1000 + bad_launch;
    std::vector<std::vector<hipError_t>> seen(kThreads, std::vector<hipError_t>(kLaunches));
    std::vector<std::vector<hipError_t>> ev(kThreads, std::vector<hipError_t>(kLaunches));
    std::vector<std::thread> th;
    for (int t = 0; t < kThreads; ++t)
      th.emplace_back([&, t] {
        hipStream_t s;
        hipEvent_t e;
        EXPECT_EQ(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), hipSuccess);
        EXPECT_EQ(hipEventCreate(&e), hipSuccess);
        for (int i = 0; i < kLaunches; ++i) {
          EXPECT_EQ(launch(t * 1000 + i, s), hipSuccess);
          EXPECT_EQ(hipEventRecord(e, s), hipSuccess);
          ev[t][i] = hipEventSynchronize(e);
          seen[t][i] = hipStreamSynchronize(s);
        }
        (void)hipEventDestroy(e);
        (void)hipStreamDestroy(s);
      });
    for (auto& x : th) x.join();
    for (int t = 0; t < kThreads; ++t)
      for (int i = 0; i < kLaunches; ++i) {
        hipError_t want = (t == bad_thread && i == bad_launch) ? hipErrorIllegalAddress : hipSuccess;
        EXPECT_EQ(seen[t][i], want) << "round " << round << " thread " << t << " launch " << i;
        EXPECT_EQ(ev[t][i], want) << "round " << round << " thread " << t << " launch " << i;
      }
    EXPECT_EQ(hipDeviceSynchronize(), hipErrorIllegalAddress);
    EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  }
}

// The null stream waits for the whole device (HIP: "specifying the null stream
// will cause the command to wait for other streams"): its synchronization and
// hipMemcpy are the device-wide report. A created stream keeps its own report.
TEST_F(Streams, NullStreamIsTheDeviceReport) {
  hipStream_t a;
  ASSERT_EQ(hipStreamCreate(&a), hipSuccess);
  fake::fault_tag = 5;
  EXPECT_EQ(launch(5, nullptr), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(a), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(nullptr), hipErrorIllegalAddress);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  EXPECT_EQ(launch(5, a), hipSuccess);
  int* d;
  int h = 0;
  ASSERT_EQ(hipMalloc(&d, 4), hipSuccess);
  EXPECT_EQ(hipMemcpy(&h, d, 4, hipMemcpyDeviceToHost), hipErrorIllegalAddress);
  EXPECT_EQ(hipMemcpy(&h, d, 4, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(hipStreamQuery(a), hipErrorIllegalAddress);  // still the stream's
  EXPECT_EQ(hipStreamQuery(a), hipSuccess);
  // Two faults on one stream: the first is reported.
  fake::next_fault = rdna4emu::Fault::IllegalInstruction;
  EXPECT_EQ(launch(1, a), hipSuccess);
  EXPECT_EQ(launch(5, a), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(a), hipErrorLaunchFailure);
  EXPECT_EQ(hipStreamSynchronize(a), hipSuccess);
  EXPECT_EQ(hipDeviceSynchronize(), hipErrorLaunchFailure);
  // hipDeviceReset forgets every unreported fault.
  EXPECT_EQ(launch(5, a), hipSuccess);
  EXPECT_EQ(hipDeviceReset(), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(a), hipSuccess);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  EXPECT_EQ(hipStreamDestroy(a), hipSuccess);
  (void)hipGetLastError();
}

// Host functions and callbacks run after everything enqueued before them
// (fake::last.count counts the launches that have run) and before the call
// that enqueued them returns; a callback gets its stream's unreported fault as
// its status, and the stream still reports it afterwards.
TEST_F(Streams, HostFunctionsAndCallbacksRunInStreamOrder) {
  hipStream_t s;
  ASSERT_EQ(hipStreamCreate(&s), hipSuccess);
  struct Log {
    std::vector<int> launches_before;
    std::vector<hipError_t> status;
  } log;
  auto host_fn = [](void* p) {
    static_cast<Log*>(p)->launches_before.push_back(fake::last.count);
  };
  auto callback = [](hipStream_t, hipError_t status, void* p) {
    auto* l = static_cast<Log*>(p);
    l->launches_before.push_back(fake::last.count);
    l->status.push_back(status);
  };
  const int c0 = fake::last.count;
  ASSERT_EQ(launch(1, s), hipSuccess);
  ASSERT_EQ(hipLaunchHostFunc(s, host_fn, &log), hipSuccess);
  ASSERT_EQ(launch(2, s), hipSuccess);
  ASSERT_EQ(launch(3, s), hipSuccess);
  ASSERT_EQ(hipStreamAddCallback(s, callback, &log, 0), hipSuccess);
  fake::fault_tag = 4;
  ASSERT_EQ(launch(4, s), hipSuccess);
  ASSERT_EQ(hipStreamAddCallback(s, callback, &log, 0), hipSuccess);
  ASSERT_EQ(hipLaunchHostFunc(s, host_fn, &log), hipSuccess);
  ASSERT_EQ(log.launches_before, (std::vector<int>{c0 + 1, c0 + 3, c0 + 4, c0 + 4}));
  ASSERT_EQ(log.status, (std::vector<hipError_t>{hipSuccess, hipErrorIllegalAddress}));
  EXPECT_EQ(hipStreamSynchronize(s), hipErrorIllegalAddress);
  // Errors: as ROCm's header documents them.
  EXPECT_EQ(hipLaunchHostFunc(s, nullptr, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamAddCallback(s, nullptr, nullptr, 0), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamAddCallback(s, callback, &log, 1), hipErrorInvalidValue);  // flags must be 0
  hipStream_t bogus = reinterpret_cast<hipStream_t>(0x10);
  EXPECT_EQ(hipLaunchHostFunc(bogus, host_fn, &log), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamAddCallback(bogus, callback, &log, 0), hipErrorInvalidHandle);
  EXPECT_EQ(log.launches_before.size(), 4u);  // none of the refused ones ran
  EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
  EXPECT_EQ(hipLaunchHostFunc(s, host_fn, &log), hipErrorInvalidHandle);  // destroyed
  (void)hipGetLastError();
}

// A host function may block: the runtime's lock is not held while it runs, so
// another host thread's work proceeds (here it is what unblocks it).
TEST_F(Streams, BlockingHostFunctionDoesNotStopOtherThreads) {
  hipStream_t s;
  ASSERT_EQ(hipStreamCreate(&s), hipSuccess);
  struct Gate {
    std::mutex mu;
    std::condition_variable cv;
    bool open = false;
  } gate;
  std::thread t([&] {
    (void)hipLaunchHostFunc(
        s,
        [](void* p) {
          auto* g = static_cast<Gate*>(p);
          std::unique_lock<std::mutex> l(g->mu);
          g->cv.wait(l, [&] { return g->open; });
        },
        &gate);
  });
  // This thread uses the runtime while the host function waits.
  int* d = nullptr;
  EXPECT_EQ(hipMalloc(&d, 64), hipSuccess);
  EXPECT_EQ(launch(9, nullptr, d), hipSuccess);
  EXPECT_EQ(hipFree(d), hipSuccess);
  {
    std::lock_guard<std::mutex> l(gate.mu);
    gate.open = true;
  }
  gate.cv.notify_all();
  t.join();
  EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
}

TEST_F(Streams, WaitEvent) {
  hipStream_t a, b;
  ASSERT_EQ(hipStreamCreate(&a), hipSuccess);
  ASSERT_EQ(hipStreamCreate(&b), hipSuccess);
  hipEvent_t e;
  ASSERT_EQ(hipEventCreate(&e), hipSuccess);
  EXPECT_EQ(hipStreamWaitEvent(b, e, 0), hipSuccess);  // never recorded: no dependency
  ASSERT_EQ(launch(1, a), hipSuccess);
  ASSERT_EQ(hipEventRecord(e, a), hipSuccess);
  EXPECT_EQ(hipStreamWaitEvent(b, e, 0), hipSuccess);
  EXPECT_EQ(hipStreamWaitEvent(b, e), hipSuccess);  // flags default to 0, as in ROCm's header
  EXPECT_EQ(hipStreamWaitEvent(nullptr, e, 0), hipSuccess);
  EXPECT_EQ(hipStreamWaitEvent(b, e, 1), hipErrorInvalidValue);
  EXPECT_EQ(hipStreamWaitEvent(b, nullptr, 0), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamWaitEvent(reinterpret_cast<hipStream_t>(0x10), e, 0), hipErrorInvalidHandle);
  // A faulted event's error stays with its own stream: the waiting stream is clean.
  fake::fault_tag = 2;
  ASSERT_EQ(launch(2, a), hipSuccess);
  ASSERT_EQ(hipEventRecord(e, a), hipSuccess);
  EXPECT_EQ(hipStreamWaitEvent(b, e, 0), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(b), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(a), hipErrorIllegalAddress);
  EXPECT_EQ(hipEventDestroy(e), hipSuccess);
  for (hipStream_t s : {a, b}) EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
  (void)hipGetLastError();
}

// Stream-ordered allocation: usable by the work enqueued after it, gone for the
// work enqueued after the free. Errors as ROCm's runtime returns them.
TEST_F(Streams, MallocAsyncFreeAsync) {
  hipStream_t s;
  ASSERT_EQ(hipStreamCreate(&s), hipSuccess);
  int* d = nullptr;
  ASSERT_EQ(hipMallocAsync(reinterpret_cast<void**>(&d), 32 * sizeof(int), s), hipSuccess);
  ASSERT_NE(d, nullptr);
  const int src[4] = {1, 2, 3, 4};
  ASSERT_EQ(hipMemcpyAsync(d, src, sizeof src, hipMemcpyHostToDevice, s), hipSuccess);
  ASSERT_EQ(launch(6, s, d), hipSuccess);
  EXPECT_EQ(fake::last.kernel, "tagged");
  int back[4] = {};
  ASSERT_EQ(hipMemcpyAsync(back, d, sizeof back, hipMemcpyDeviceToHost, s), hipSuccess);
  EXPECT_EQ(std::memcmp(back, src, sizeof src), 0);
  EXPECT_EQ(hipFreeAsync(d + 1, s), hipErrorInvalidValue);  // not an allocation's base
  ASSERT_EQ(hipFreeAsync(d, s), hipSuccess);
  EXPECT_EQ(hipMemcpyAsync(back, d, sizeof back, hipMemcpyDeviceToHost, s),
            hipErrorInvalidDevicePointer);  // freed in stream order
  EXPECT_EQ(hipFreeAsync(d, s), hipErrorInvalidValue);  // twice
  EXPECT_EQ(hipFreeAsync(nullptr, s), hipSuccess);
  void* z = reinterpret_cast<void*>(1);
  EXPECT_EQ(hipMallocAsync(&z, 0, s), hipSuccess);
  EXPECT_EQ(z, nullptr);
  EXPECT_EQ(hipMallocAsync(nullptr, 16, s), hipErrorInvalidValue);
  EXPECT_EQ(hipMallocAsync(&z, 16, reinterpret_cast<hipStream_t>(0x10)), hipErrorInvalidHandle);
  ASSERT_EQ(hipMallocAsync(&z, 16, nullptr), hipSuccess);  // the null stream
  EXPECT_EQ(hipFree(z), hipSuccess);  // either free releases either allocation
  EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
  (void)hipGetLastError();
}

// The launch passes the watchdog (RDNA4_EMU_TIMEOUT, default 10 s) to the device, and
// hipDeviceProp_t::kernelExecTimeoutEnabled says there is one.
TEST_F(Streams, WatchdogReachesTheDevice) {
  ASSERT_EQ(launch(1, nullptr), hipSuccess);
  EXPECT_EQ(fake::last.opts.time_limit_seconds, 10.0);
  hipDeviceProp_t p;
  ASSERT_EQ(hipGetDeviceProperties(&p, 0), hipSuccess);
  EXPECT_EQ(p.kernelExecTimeoutEnabled, 1);
}

// An exception inside the runtime stops at the C API: an error code, a message, the
// thread's last error; the runtime stays usable.
TEST_F(Streams, ExceptionsStopAtTheCApi) {
  void* p = reinterpret_cast<void*>(1);
  fake::throw_on_alloc = true;
  EXPECT_EQ(hipMalloc(&p, 64), hipErrorOutOfMemory);
  EXPECT_EQ(hipGetLastError(), hipErrorOutOfMemory);
  fake::throw_on_alloc = true;
  EXPECT_EQ(hipMallocAsync(&p, 64, nullptr), hipErrorOutOfMemory);
  ASSERT_EQ(hipMalloc(&p, 64), hipSuccess);
  EXPECT_EQ(hipFree(p), hipSuccess);
  (void)hipGetLastError();
}

// --- Corrupted code objects: hipErrorInvalidImage, never a crash -------------

// Replace the first occurrence of `from` (same length) in `v`.
bool patch(std::vector<uint8_t>& v, const std::string& from, const std::string& to) {
  const std::vector<uint8_t> f(from.begin(), from.end());  // bytes, not (signed) chars
  auto it = std::search(v.begin(), v.end(), f.begin(), f.end());
  if (it == v.end() || from.size() != to.size()) return false;
  std::copy(to.begin(), to.end(), it);
  return true;
}

TEST_F(Streams, CorruptedMetadataIsInvalidImage) {
  const char* src = R"(
#include <hip/hip_runtime.h>
extern "C" __global__ void dims(int* p) { p[threadIdx.x] = blockDim.x * gridDim.x; }
)";
  auto good = hipemu_test::compile("dims", src, "--offload-arch=gfx1201 --no-gpu-bundle-output");
  ASSERT_FALSE(good.empty());
  hipModule_t mod;
  ASSERT_EQ(hipModuleLoadData(&mod, good.data()), hipSuccess);
  ASSERT_EQ(hipModuleUnload(mod), hipSuccess);
  // 1. A hidden argument's kind with one byte changed: once taken as an explicit
  //    argument (copied from the caller's one-element array: a read past it).
  auto bad = good;
  ASSERT_TRUE(patch(bad, "hidden_group_size_x", "hidfen_group_size_x"));
  EXPECT_EQ(hipModuleLoadData(&mod, bad.data()), hipErrorInvalidImage);
  // 2. hidden_block_count_x with .size 2 (the runtime writes 4 bytes): once an
  //    exception thrown through the launch. In MessagePack: ".size" then fixint 4
  //    just before ".value_kind" "hidden_block_count_x".
  bad = good;
  const std::string key = std::string("\xa5.size\x04\xab.value_kind\xb4" "hidden_block_count_x");
  std::string to = key;
  to[6] = 2;
  ASSERT_TRUE(patch(bad, key, to));
  EXPECT_EQ(hipModuleLoadData(&mod, bad.data()), hipErrorInvalidImage);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidImage);
}

}  // namespace
