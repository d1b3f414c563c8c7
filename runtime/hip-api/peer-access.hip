// Peer access (ROCm's hip_runtime_api.h): "a device is not a peer of itself":
// hipDeviceCanAccessPeer(&c, d, d) gives 0; enabling or disabling access to a device that
// is not a peer is hipErrorInvalidDevice (ROCm/clr hipamd/src/hip_peer.cpp), as is an
// ordinal past the last device; hipDeviceGetP2PAttribute with the same device twice is
// hipErrorInvalidDevice, whatever the hipDeviceP2PAttr (the four enumerators, numbered 0-3 as
// in ROCm's header); hipMemcpyPeer and hipMemcpyPeerAsync between device 0 and itself copy.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: canAccessPeer(0,0)=0
// CHECK: ok: hipDeviceEnablePeerAccess(0, 0) -> hipErrorInvalidDevice
// CHECK: ok: hipDeviceDisablePeerAccess(0) -> hipErrorInvalidDevice
// CHECK: ok: hipDeviceCanAccessPeer(&c, 0, count) -> hipErrorInvalidDevice
// CHECK: ok: hipDeviceGetP2PAttribute(&c, hipDevP2PAttrAccessSupported, 0, 0) -> hipErrorInvalidDevice
// CHECK: p2p attributes ok
// CHECK: memcpy peer ok
// CHECK: memcpy peer async ok
// CHECK: PASS
#include "rdna4_test.h"

int main() {
  rdna4_test_begin();
  int count = 0, c = -1;
  RDNA4_HIP_CHECK(hipGetDeviceCount(&count));
  RDNA4_HIP_CHECK(hipDeviceCanAccessPeer(&c, 0, 0));
  std::printf("canAccessPeer(0,0)=%d\n", c);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceEnablePeerAccess(0, 0), hipErrorInvalidDevice);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceDisablePeerAccess(0), hipErrorInvalidDevice);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceCanAccessPeer(&c, 0, count), hipErrorInvalidDevice);
  RDNA4_HIP_EXPECT_ERROR(hipDeviceGetP2PAttribute(&c, hipDevP2PAttrAccessSupported, 0, 0),
                         hipErrorInvalidDevice);
  const hipDeviceP2PAttr attrs[] = {hipDevP2PAttrPerformanceRank, hipDevP2PAttrAccessSupported,
                                    hipDevP2PAttrNativeAtomicSupported, hipDevP2PAttrHipArrayAccessSupported};
  int p2p_ok = 0;
  for (int k = 0; k < 4; ++k) {
    hipError_t e = hipDeviceGetP2PAttribute(&c, attrs[k], 0, 0);
    RDNA4_EXPECT((int)attrs[k] == k && e == hipErrorInvalidDevice, "P2P attribute %d: %s", (int)attrs[k],
                 hipGetErrorName(e));
    p2p_ok += (int)attrs[k] == k && e == hipErrorInvalidDevice;
  }
  if (p2p_ok == 4) std::printf("p2p attributes ok\n");
  (void)hipGetLastError();
  int src_host[4] = {1, 2, 3, 4}, dst_host[4] = {0, 0, 0, 0};
  int *a = nullptr, *b = nullptr;
  RDNA4_HIP_CHECK(hipMalloc(&a, sizeof src_host));
  RDNA4_HIP_CHECK(hipMalloc(&b, sizeof src_host));
  RDNA4_HIP_CHECK(hipMemcpy(a, src_host, sizeof src_host, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpyPeer(b, 0, a, 0, sizeof src_host));
  RDNA4_HIP_CHECK(hipMemcpy(dst_host, b, sizeof dst_host, hipMemcpyDeviceToHost));
  bool same = !std::memcmp(src_host, dst_host, sizeof src_host);
  RDNA4_EXPECT(same, "copy differs");
  if (same) std::printf("memcpy peer ok\n");
  hipStream_t s;
  RDNA4_HIP_CHECK(hipStreamCreate(&s));
  const int more[4] = {5, 6, 7, 8};
  RDNA4_HIP_CHECK(hipMemcpy(a, more, sizeof more, hipMemcpyHostToDevice));
  RDNA4_HIP_CHECK(hipMemcpyPeerAsync(b, 0, a, 0, sizeof more, s));
  RDNA4_HIP_CHECK(hipStreamSynchronize(s));
  RDNA4_HIP_CHECK(hipMemcpy(dst_host, b, sizeof dst_host, hipMemcpyDeviceToHost));
  same = !std::memcmp(more, dst_host, sizeof more);
  RDNA4_EXPECT(same, "async copy differs");
  if (same) std::printf("memcpy peer async ok\n");
  RDNA4_HIP_CHECK(hipStreamDestroy(s));
  RDNA4_HIP_CHECK(hipFree(a));
  RDNA4_HIP_CHECK(hipFree(b));
  return rdna4_test_end();
}
