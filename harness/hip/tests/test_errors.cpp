// Error codes (values equal ROCm's), names, strings and last-error semantics.
#include <hip/hip_runtime_api.h>
#include <gtest/gtest.h>

#include <cstring>

#include "test_support.h"

TEST(Errors, ValuesMatchRocm) {
  EXPECT_EQ(hipSuccess, 0);
  EXPECT_EQ(hipErrorInvalidValue, 1);
  EXPECT_EQ(hipErrorOutOfMemory, 2);
  EXPECT_EQ(hipErrorInvalidConfiguration, 9);
  EXPECT_EQ(hipErrorInvalidDevicePointer, 17);
  EXPECT_EQ(hipErrorInvalidDeviceFunction, 98);
  EXPECT_EQ(hipErrorNoDevice, 100);
  EXPECT_EQ(hipErrorInvalidImage, 200);
  EXPECT_EQ(hipErrorNoBinaryForGpu, 209);
  EXPECT_EQ(hipErrorInvalidHandle, 400);
  EXPECT_EQ(hipErrorNotFound, 500);
  EXPECT_EQ(hipErrorIllegalAddress, 700);
  EXPECT_EQ(hipErrorLaunchTimeOut, 702);
  EXPECT_EQ(hipErrorLaunchFailure, 719);
}

TEST(Errors, NamesAndStrings) {
  EXPECT_STREQ(hipGetErrorName(hipSuccess), "hipSuccess");
  EXPECT_STREQ(hipGetErrorName(hipErrorIllegalAddress), "hipErrorIllegalAddress");
  EXPECT_STREQ(hipGetErrorName(hipErrorNoBinaryForGpu), "hipErrorNoBinaryForGpu");
  EXPECT_STREQ(hipGetErrorName(static_cast<hipError_t>(12345)), "hipErrorUnknown");
  EXPECT_STREQ(hipGetErrorString(hipErrorIllegalAddress), "an illegal memory access was encountered");
  EXPECT_STREQ(hipGetErrorString(hipSuccess), "no error");
}

TEST(Errors, LastErrorIsStickyUntilRead) {
  (void)hipGetLastError();
  EXPECT_EQ(hipFree(reinterpret_cast<void*>(0x1234)), hipErrorInvalidValue);
  int n = 0;
  EXPECT_EQ(hipGetDeviceCount(&n), hipSuccess);  // a success does not clear it
  EXPECT_EQ(hipPeekAtLastError(), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidValue);
  EXPECT_EQ(hipGetLastError(), hipSuccess);
}

TEST(Device, Properties) {
  int n = 0, d = -1;
  ASSERT_EQ(hipGetDeviceCount(&n), hipSuccess);
  EXPECT_EQ(n, 1);
  ASSERT_EQ(hipGetDevice(&d), hipSuccess);
  EXPECT_EQ(d, 0);
  EXPECT_EQ(hipSetDevice(0), hipSuccess);
  EXPECT_EQ(hipSetDevice(1), hipErrorInvalidDevice);
  hipemu_test::expect_gfx1201_properties<hipDeviceProp_t>(
      [](hipDeviceProp_t* p, int d) { return hipGetDeviceProperties(p, d); });
}

TEST(Events, ElapsedTime) {
  hipEvent_t a, b;
  ASSERT_EQ(hipEventCreate(&a), hipSuccess);
  ASSERT_EQ(hipEventCreate(&b), hipSuccess);
  float ms = -1;
  EXPECT_EQ(hipEventElapsedTime(&ms, a, b), hipErrorInvalidHandle);  // not recorded
  ASSERT_EQ(hipEventRecord(a, nullptr), hipSuccess);
  ASSERT_EQ(hipEventRecord(b, nullptr), hipSuccess);
  ASSERT_EQ(hipEventSynchronize(b), hipSuccess);
  ASSERT_EQ(hipEventElapsedTime(&ms, a, b), hipSuccess);
  EXPECT_GE(ms, 0.0f);
  EXPECT_LT(ms, 1000.0f);
  EXPECT_EQ(hipEventDestroy(a), hipSuccess);
  EXPECT_EQ(hipEventDestroy(a), hipErrorInvalidHandle);  // twice
  EXPECT_EQ(hipEventRecord(a, nullptr), hipErrorInvalidHandle);
  EXPECT_EQ(hipEventDestroy(b), hipSuccess);
  hipStream_t s;
  ASSERT_EQ(hipStreamCreate(&s), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(s), hipSuccess);
  EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
  EXPECT_EQ(hipStreamSynchronize(s), hipErrorInvalidHandle);
  EXPECT_EQ(hipStreamCreateWithFlags(&s, 0x100), hipErrorInvalidValue);
  ASSERT_EQ(hipStreamCreateWithFlags(&s, hipStreamNonBlocking), hipSuccess);
  EXPECT_EQ(hipStreamDestroy(s), hipSuccess);
  (void)hipGetLastError();
}

#include <hip/hipemu_ext.h>

TEST(Extensions, LastLaunchStatsArgumentChecks) {
  hipemuLaunchStats s;
  EXPECT_EQ(hipemuGetLastLaunchStats(&s), hipSuccess);
  EXPECT_EQ(hipemuGetLastLaunchStats(nullptr), hipErrorInvalidValue);
  uint64_t n = 99;
  EXPECT_EQ(hipemuGetLastLaunchMnemonicCount("v_no_such_insn", &n), hipSuccess);
  EXPECT_EQ(n, 0u);
  EXPECT_EQ(hipemuGetLastLaunchMnemonicCount(nullptr, &n), hipErrorInvalidValue);
  (void)hipGetLastError();
}
