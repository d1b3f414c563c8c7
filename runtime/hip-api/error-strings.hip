// hipGetErrorName / hipGetErrorString and the last-error state
// (hipGetLastError reads and clears it, hipPeekAtLastError only reads). The hipError_t
// values no other test produces have ROCm's numbers (ROCm/HIP include/hip/hip_runtime_api.h,
// hipError_t; hipErrorMemoryAllocation and hipErrorInitializationError are that header's
// aliases of hipErrorOutOfMemory and hipErrorNotInitialized) and hipGetErrorName gives
// their names.
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
// CHECK: error values ok
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

  struct Named { hipError_t e; int rocm_value; const char* name; };
  const Named rocm[] = {
      {hipErrorMemoryAllocation, 2, "hipErrorOutOfMemory"},
      {hipErrorNotInitialized, 3, "hipErrorNotInitialized"},
      {hipErrorInitializationError, 3, "hipErrorNotInitialized"},
      {hipErrorDeinitialized, 4, "hipErrorDeinitialized"},
      {hipErrorInvalidPitchValue, 12, "hipErrorInvalidPitchValue"},
      {hipErrorInsufficientDriver, 35, "hipErrorInsufficientDriver"},
      {hipErrorPriorLaunchFailure, 53, "hipErrorPriorLaunchFailure"},
      {hipErrorInvalidContext, 201, "hipErrorInvalidContext"},
      {hipErrorPeerAccessUnsupported, 217, "hipErrorPeerAccessUnsupported"},
      {hipErrorInvalidKernelFile, 218, "hipErrorInvalidKernelFile"},
      {hipErrorInvalidSource, 300, "hipErrorInvalidSource"},
      {hipErrorSharedObjectSymbolNotFound, 302, "hipErrorSharedObjectSymbolNotFound"},
      {hipErrorInvalidResourceHandle, 400, "hipErrorInvalidHandle"},
      {hipErrorIllegalState, 401, "hipErrorIllegalState"},
      {hipErrorNotReady, 600, "hipErrorNotReady"},
      {hipErrorLaunchOutOfResources, 701, "hipErrorLaunchOutOfResources"},
      {hipErrorPeerAccessAlreadyEnabled, 704, "hipErrorPeerAccessAlreadyEnabled"},
      {hipErrorPeerAccessNotEnabled, 705, "hipErrorPeerAccessNotEnabled"},
      {hipErrorHostMemoryAlreadyRegistered, 712, "hipErrorHostMemoryAlreadyRegistered"},
      {hipErrorNotSupported, 801, "hipErrorNotSupported"},
  };
  int bad_values = 0;
  for (const Named& n : rocm) {
    bool ok = (int)n.e == n.rocm_value && !std::strcmp(hipGetErrorName(n.e), n.name);
    RDNA4_EXPECT(ok, "%s: value %d name %s, ROCm: %d", n.name, (int)n.e, hipGetErrorName(n.e), n.rocm_value);
    bad_values += !ok;
  }
  if (!bad_values) std::printf("error values ok\n");

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
