// hipGetErrorName / hipGetErrorString and the last-error state
// (hipGetLastError reads and clears it, hipPeekAtLastError only reads).
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: 0 hipSuccess
// CHECK: 1 hipErrorInvalidValue
// CHECK: 2 hipErrorOutOfMemory
// CHECK: 17 hipErrorInvalidDevicePointer
// CHECK: 209 hipErrorNoBinaryForGpu
// CHECK: 700 hipErrorIllegalAddress
// CHECK: 719 hipErrorLaunchFailure
// CHECK: PASS
#include "rdna4_test.h"

int main() {
  rdna4_test_begin();
  const hipError_t codes[] = {hipSuccess, hipErrorInvalidValue, hipErrorOutOfMemory,
                              hipErrorInvalidDevicePointer, hipErrorNoBinaryForGpu,
                              hipErrorIllegalAddress, hipErrorLaunchFailure};
  for (hipError_t e : codes) {
    std::printf("%d %s\n", (int)e, hipGetErrorName(e));
    RDNA4_EXPECT(hipGetErrorString(e) && hipGetErrorString(e)[0], "empty string for %d", (int)e);
  }
  RDNA4_EXPECT(std::strcmp(hipGetErrorString(hipErrorIllegalAddress), hipGetErrorString(hipSuccess)),
               "distinct errors share a string");

  // Produce an error, then check the last-error state.
  RDNA4_EXPECT(hipGetLastError() == hipSuccess, "stale error at start");
  RDNA4_EXPECT(hipMalloc((void**)nullptr, 16) != hipSuccess, "hipMalloc(nullptr) succeeded");
  hipError_t peek = hipPeekAtLastError();
  RDNA4_EXPECT(peek != hipSuccess, "peek returned hipSuccess");
  RDNA4_EXPECT(hipPeekAtLastError() == peek, "peek cleared the error");
  RDNA4_EXPECT(hipGetLastError() == peek, "get returned another error");
  RDNA4_EXPECT(hipGetLastError() == hipSuccess, "get did not clear the error");
  return rdna4_test_end();
}
