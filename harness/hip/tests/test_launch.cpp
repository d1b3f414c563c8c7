// Launch path against the fake device: kernarg layout from the metadata,
// hidden arguments, registration of fat binaries, modules, launch-parameter
// checks, and how emulator faults surface as HIP errors.
#include <hip/hip_runtime_api.h>
#include <gtest/gtest.h>

#include <cstring>

#include "fake_device.h"
#include "test_support.h"

extern "C" {
void** __hipRegisterFatBinary(const void* data);
void __hipRegisterFunction(void** modules, const void* hostFunction, char* deviceFunction,
                           const char* deviceName, unsigned int, void*, void*, void*, void*, int*);
void __hipUnregisterFatBinary(void** modules);
void __hipRegisterVar(void** modules, void* hostVar, char* deviceVar, const char* deviceName, int,
                      size_t size, int, int);
}

namespace {

// Explicit arguments of every width and a struct by value. Their kernarg
// offsets follow the AMDGPU C ABI (natural alignment), written out by hand
// here rather than taken from the metadata the runtime reads:
//   a@0 (1)  b@2 (2)  c@4 (4)  d@8 (8)  p@16 (8)  s@24 (16)  -> hidden from 40
const char* kArgsKernel = R"(
#include <hip/hip_runtime.h>
struct S { int i; double d; };
extern "C" __global__ void args(char a, short b, int c, long long d, float* p, S s) {
  if (threadIdx.x == 0) *p = a + b + c + d + s.i + s.d + blockDim.x + gridDim.y;
}
)";

struct S {
  int i;
  double d;
};

template <typename T>
T at(const std::vector<uint8_t>& v, size_t off) {
  T x;
  EXPECT_LE(off + sizeof(T), v.size());
  if (off + sizeof(T) > v.size()) return T();
  std::memcpy(&x, v.data() + off, sizeof(T));
  return x;
}

void expect_args_layout(const std::vector<uint8_t>& k, float* p) {
  EXPECT_EQ(at<char>(k, 0), char(-5));
  EXPECT_EQ(at<short>(k, 2), short(-30000));
  EXPECT_EQ(at<int>(k, 4), 123456789);
  EXPECT_EQ(at<long long>(k, 8), 0x123456789abcdefLL);
  EXPECT_EQ(at<float*>(k, 16), p);
  EXPECT_EQ(at<int>(k, 24), 77);
  EXPECT_EQ(at<double>(k, 32), 2.5);
}

void expect_hidden(const std::vector<uint8_t>& k, dim3 g, dim3 b) {
  EXPECT_EQ(at<uint32_t>(k, 40), g.x);
  EXPECT_EQ(at<uint32_t>(k, 44), g.y);
  EXPECT_EQ(at<uint32_t>(k, 48), g.z);
  EXPECT_EQ(at<uint16_t>(k, 52), b.x);
  EXPECT_EQ(at<uint16_t>(k, 54), b.y);
  EXPECT_EQ(at<uint16_t>(k, 56), b.z);
}

class Launch : public ::testing::Test {
 protected:
  void SetUp() override {
    (void)hipGetLastError();
    ASSERT_EQ(hipDeviceSynchronize(), hipSuccess);
  }
};

TEST_F(Launch, ModuleKernelParamsLayout) {
  auto co = hipemu_test::compile("args_elf", kArgsKernel, "--offload-arch=gfx1201 --no-gpu-bundle-output");
  ASSERT_FALSE(co.empty());
  hipModule_t m;
  ASSERT_EQ(hipModuleLoadData(&m, co.data()), hipSuccess);
  hipFunction_t f;
  EXPECT_EQ(hipModuleGetFunction(&f, m, "nope"), hipErrorNotFound);
  ASSERT_EQ(hipModuleGetFunction(&f, m, "args"), hipSuccess);
  char a = -5;
  short b = -30000;
  int c = 123456789;
  long long d = 0x123456789abcdefLL;
  float* p = reinterpret_cast<float*>(0x100000001000ull);
  S s{77, 2.5};
  void* params[] = {&a, &b, &c, &d, &p, &s};
  int before = fake::last.count;
  ASSERT_EQ(hipModuleLaunchKernel(f, 3, 2, 1, 64, 1, 1, 0, nullptr, params, nullptr), hipSuccess);
  ASSERT_EQ(fake::last.count, before + 1);
  EXPECT_EQ(fake::last.kernel, "args");
  expect_args_layout(fake::last.kernarg, p);
  expect_hidden(fake::last.kernarg, dim3(3, 2, 1), dim3(64, 1, 1));
  EXPECT_EQ(fake::last.cfg.grid.x, 3u);
  EXPECT_EQ(fake::last.cfg.block.x, 64u);

  // The same arguments as one packed buffer through `extra`.
  struct {
    char a;
    short b;
    int c;
    long long d;
    float* p;
    S s;
  } buf{a, b, c, d, p, s};
  size_t size = sizeof buf;
  void* extra[] = {HIP_LAUNCH_PARAM_BUFFER_POINTER, &buf, HIP_LAUNCH_PARAM_BUFFER_SIZE, &size,
                   HIP_LAUNCH_PARAM_END};
  fake::last.kernarg.clear();
  ASSERT_EQ(hipModuleLaunchKernel(f, 1, 5, 1, 8, 4, 2, 0, nullptr, nullptr, extra), hipSuccess);
  expect_args_layout(fake::last.kernarg, p);
  expect_hidden(fake::last.kernarg, dim3(1, 5, 1), dim3(8, 4, 2));
  size = 4096;  // larger than the explicit arguments
  EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 1, 1, 1, 0, nullptr, nullptr, extra), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleUnload(m), hipSuccess);
  EXPECT_EQ(hipModuleUnload(m), hipErrorInvalidHandle);
}

TEST_F(Launch, InvalidConfigurations) {
  auto co = hipemu_test::compile("args_elf2", kArgsKernel, "--offload-arch=gfx1201 --no-gpu-bundle-output");
  ASSERT_FALSE(co.empty());
  hipModule_t m;
  ASSERT_EQ(hipModuleLoadData(&m, co.data()), hipSuccess);
  hipFunction_t f;
  ASSERT_EQ(hipModuleGetFunction(&f, m, "args"), hipSuccess);
  char a = 0;
  short b = 0;
  int c = 0;
  long long d = 0;
  float* p = nullptr;
  S s{};
  void* params[] = {&a, &b, &c, &d, &p, &s};
  int before = fake::last.count;
  EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 1025, 1, 1, 0, nullptr, params, nullptr), hipErrorInvalidConfiguration);
  EXPECT_EQ(hipModuleLaunchKernel(f, 0, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr), hipErrorInvalidConfiguration);
  EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 32, 32, 2, 0, nullptr, params, nullptr), hipErrorInvalidConfiguration);
  EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 65537, nullptr, params, nullptr), hipErrorInvalidValue);
  EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, reinterpret_cast<hipStream_t>(8), params, nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidHandle);
  EXPECT_EQ(fake::last.count, before);  // nothing ran
  EXPECT_EQ(hipModuleUnload(m), hipSuccess);
}

TEST_F(Launch, FaultsSurfaceAtNextSynchronizingCall) {
  auto co = hipemu_test::compile("args_elf3", kArgsKernel, "--offload-arch=gfx1201 --no-gpu-bundle-output");
  ASSERT_FALSE(co.empty());
  hipModule_t m;
  ASSERT_EQ(hipModuleLoadData(&m, co.data()), hipSuccess);
  hipFunction_t f;
  ASSERT_EQ(hipModuleGetFunction(&f, m, "args"), hipSuccess);
  char a = 0;
  short b = 0;
  int c = 0;
  long long d = 0;
  float* p = nullptr;
  S s{};
  void* params[] = {&a, &b, &c, &d, &p, &s};
  struct Case {
    rdna4emu::Fault fault;
    hipError_t error;
  } cases[] = {{rdna4emu::Fault::MemoryViolation, hipErrorIllegalAddress},
               {rdna4emu::Fault::IllegalInstruction, hipErrorLaunchFailure},
               {rdna4emu::Fault::BudgetExceeded, hipErrorLaunchTimeOut},
               {rdna4emu::Fault::HazardViolation, hipErrorLaunchFailure}};
  for (const Case& k : cases) {
    fake::next_fault = k.fault;
    EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr), hipSuccess);
    EXPECT_EQ(hipPeekAtLastError(), hipSuccess);  // asynchronous: not yet reported
    EXPECT_EQ(hipDeviceSynchronize(), k.error);
    EXPECT_EQ(hipGetLastError(), k.error);
    EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);  // reported once
  }
  // hipMemcpy is synchronizing too.
  int* dp;
  int h = 0;
  ASSERT_EQ(hipMalloc(&dp, 4), hipSuccess);
  fake::next_fault = rdna4emu::Fault::MemoryViolation;
  EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr), hipSuccess);
  EXPECT_EQ(hipMemcpy(&h, dp, 4, hipMemcpyDeviceToHost), hipErrorIllegalAddress);
  EXPECT_EQ(hipMemcpy(&h, dp, 4, hipMemcpyDeviceToHost), hipSuccess);
  // A launch the emulator rejects before running is an immediate error.
  fake::next_fault = rdna4emu::Fault::LaunchError;
  EXPECT_EQ(hipModuleLaunchKernel(f, 1, 1, 1, 32, 1, 1, 0, nullptr, params, nullptr), hipErrorLaunchFailure);
  EXPECT_EQ(hipDeviceSynchronize(), hipSuccess);
  EXPECT_EQ(hipFree(dp), hipSuccess);
  EXPECT_EQ(hipModuleUnload(m), hipSuccess);
  (void)hipGetLastError();
}

TEST_F(Launch, NoBinaryForGpu) {
  // A bundle with only gfx1200 while the device is gfx1201.
  auto co = hipemu_test::compile("args_1200", kArgsKernel, "--offload-arch=gfx1200");
  ASSERT_FALSE(co.empty());
  ASSERT_EQ(std::memcmp(co.data(), "__CLANG_OFFLOAD_BUNDLE__", 24), 0);
  hipModule_t m;
  EXPECT_EQ(hipModuleLoadData(&m, co.data()), hipErrorNoBinaryForGpu);
  EXPECT_EQ(hipGetLastError(), hipErrorNoBinaryForGpu);
  const char junk[64] = "definitely not a code object";
  EXPECT_EQ(hipModuleLoadData(&m, junk), hipErrorInvalidImage);
  EXPECT_EQ(hipModuleLoad(&m, "/nonexistent/file.co"), hipErrorFileNotFound);
  (void)hipGetLastError();
}

TEST_F(Launch, CompressedBundleModule) {
  auto co = hipemu_test::compile("args_ccob", kArgsKernel,
                                 "--offload-arch=gfx1201 --offload-arch=gfx1200 --offload-compress");
  ASSERT_FALSE(co.empty());
  ASSERT_EQ(std::memcmp(co.data(), "CCOB", 4), 0);
  hipModule_t m;
  ASSERT_EQ(hipModuleLoadData(&m, co.data()), hipSuccess);
  hipFunction_t f;
  EXPECT_EQ(hipModuleGetFunction(&f, m, "args"), hipSuccess);
  EXPECT_EQ(hipModuleUnload(m), hipSuccess);
}

TEST_F(Launch, RegisteredFatBinary) {
  // What clang's module constructor and a kernel's host stub do.
  auto bundle = hipemu_test::compile("args_fat", kArgsKernel,
                                     "--offload-arch=gfx1201 --offload-arch=gfx1200");
  ASSERT_FALSE(bundle.empty());
  struct {
    uint32_t magic, version;
    const void* binary;
    const void* unused;
  } wrapper{0x48495046, 1, bundle.data(), nullptr};
  static char handle;  // stands for the kernel's host-side handle
  void** mod = __hipRegisterFatBinary(&wrapper);
  ASSERT_NE(mod, nullptr);
  __hipRegisterFunction(mod, &handle, const_cast<char*>("args"), "args", -1, nullptr, nullptr,
                        nullptr, nullptr, nullptr);
  char a = -5;
  short b = -30000;
  int c = 123456789;
  long long d = 0x123456789abcdefLL;
  float* p = reinterpret_cast<float*>(0x100000002000ull);
  S s{77, 2.5};
  void* params[] = {&a, &b, &c, &d, &p, &s};
  ASSERT_EQ(__hipPushCallConfiguration(dim3(4, 1, 1), dim3(32, 2, 1), 0, nullptr), hipSuccess);
  dim3 g, bl;
  size_t shm = 1;
  hipStream_t st = reinterpret_cast<hipStream_t>(1);
  ASSERT_EQ(__hipPopCallConfiguration(&g, &bl, &shm, &st), hipSuccess);
  EXPECT_EQ(g.x, 4u);
  EXPECT_EQ(bl.y, 2u);
  EXPECT_EQ(shm, 0u);
  EXPECT_EQ(st, nullptr);
  EXPECT_EQ(__hipPopCallConfiguration(&g, &bl, &shm, &st), hipErrorMissingConfiguration);
  ASSERT_EQ(hipLaunchKernel(&handle, g, bl, params, shm, st), hipSuccess);
  expect_args_layout(fake::last.kernarg, p);
  expect_hidden(fake::last.kernarg, g, bl);
  static char unknown;
  EXPECT_EQ(hipLaunchKernel(&unknown, g, bl, params, 0, nullptr), hipErrorInvalidDeviceFunction);
  __hipUnregisterFatBinary(mod);
  EXPECT_EQ(hipLaunchKernel(&handle, g, bl, params, 0, nullptr), hipErrorInvalidDeviceFunction);
  // A fat binary with no entry for the device.
  auto only1200 = hipemu_test::compile("args_fat1200", kArgsKernel, "--offload-arch=gfx1200");
  ASSERT_FALSE(only1200.empty());
  wrapper.binary = only1200.data();
  mod = __hipRegisterFatBinary(&wrapper);
  __hipRegisterFunction(mod, &handle, const_cast<char*>("args"), "args", -1, nullptr, nullptr,
                        nullptr, nullptr, nullptr);
  EXPECT_EQ(hipLaunchKernel(&handle, g, bl, params, 0, nullptr), hipErrorNoBinaryForGpu);
  EXPECT_EQ(hipGetLastError(), hipErrorNoBinaryForGpu);
  __hipUnregisterFatBinary(mod);
}

}  // namespace

namespace {

// __device__ variables through __hipRegisterVar and the symbol APIs: the
// variable lives in the code object image mapped at code_object_base.
TEST_F(Launch, DeviceVariables) {
  const char* src = R"(
#include <hip/hip_runtime.h>
__device__ int table[4] = {1, 2, 3, 4};
__device__ double scale = 2.5;
extern "C" __global__ void use(int* p) { p[threadIdx.x] = table[threadIdx.x] * scale; }
)";
  auto bundle = hipemu_test::compile("vars", src, "--offload-arch=gfx1201");
  ASSERT_FALSE(bundle.empty());
  struct {
    uint32_t magic, version;
    const void* binary;
    const void* unused;
  } wrapper{0x48495046, 1, bundle.data(), nullptr};
  static int host_table[4];  // the host shadows clang would emit
  static double host_scale;
  void** mod = __hipRegisterFatBinary(&wrapper);
  __hipRegisterVar(mod, host_table, const_cast<char*>("table"), "table", 0, sizeof host_table, 0, 0);
  __hipRegisterVar(mod, &host_scale, const_cast<char*>("scale"), "scale", 0, sizeof host_scale, 0, 0);
  size_t size = 0;
  ASSERT_EQ(hipGetSymbolSize(&size, HIP_SYMBOL(host_table)), hipSuccess);
  EXPECT_EQ(size, 16u);
  int t[4] = {0, 0, 0, 0};
  ASSERT_EQ(hipMemcpyFromSymbol(t, HIP_SYMBOL(host_table), sizeof t), hipSuccess);
  EXPECT_EQ(t[0], 1);  // the initializer, from the image
  EXPECT_EQ(t[3], 4);
  const int nt[2] = {40, 30};
  ASSERT_EQ(hipMemcpyToSymbol(HIP_SYMBOL(host_table), nt, sizeof nt, 2 * sizeof(int)), hipSuccess);
  ASSERT_EQ(hipMemcpyFromSymbol(t, HIP_SYMBOL(host_table), sizeof t), hipSuccess);
  EXPECT_EQ(t[1], 2);
  EXPECT_EQ(t[2], 40);
  EXPECT_EQ(t[3], 30);
  void* a = nullptr;
  ASSERT_EQ(hipGetSymbolAddress(&a, HIP_SYMBOL(host_scale)), hipSuccess);
  double s = 0;
  ASSERT_EQ(hipMemcpy(&s, a, sizeof s, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(s, 2.5);
  // Errors: past the end, unknown symbol, wrong direction.
  EXPECT_EQ(hipMemcpyToSymbol(HIP_SYMBOL(host_table), nt, sizeof nt, 12), hipErrorInvalidValue);
  static int not_registered;
  EXPECT_EQ(hipMemcpyToSymbol(HIP_SYMBOL(not_registered), nt, 4), hipErrorInvalidSymbol);
  EXPECT_EQ(hipMemcpyToSymbol(HIP_SYMBOL(host_table), nt, 4, 0, hipMemcpyDeviceToHost),
            hipErrorInvalidMemcpyDirection);
  __hipUnregisterFatBinary(mod);
  EXPECT_EQ(hipGetSymbolSize(&size, HIP_SYMBOL(host_table)), hipErrorInvalidSymbol);
  (void)hipGetLastError();
}

}  // namespace
