// hipDeviceGetAttribute and the small device queries (hipDeviceGet, hipDeviceGetName,
// hipDeviceComputeCapability, hipDeviceTotalMem), and the peer-access API of a system
// with one device.
//
// Every attribute that has a hipDeviceProp_t member is read from hipGetDeviceProperties
// (src/device_api.cpp), so the two never disagree; the others are answered here from the
// emulator's model (a "1" means the emulator does it, "0" that it does not). Attributes
// that describe hardware the emulator has no model of (texture/surface limits, HDP
// registers, LUIDs, ...) return hipErrorNotSupported with a message naming them; an
// unknown value returns hipErrorInvalidValue, as ROCm.
#include <cstdio>
#include <cstring>

#include "runtime.h"

using namespace hipemu;

namespace {

struct AttributeName {
  hipDeviceAttribute_t attr;
  const char* name;
};
#define HIPEMU_ATTR(x) {x, #x}
// Attributes that name a texture/surface/interop/platform property the emulator has no
// model of (hipErrorNotSupported).
constexpr AttributeName kNotModelled[] = {
    HIPEMU_ATTR(hipDeviceAttributeAccessPolicyMaxWindowSize),
    HIPEMU_ATTR(hipDeviceAttributeLuid),
    HIPEMU_ATTR(hipDeviceAttributeLuidDeviceNodeMask),
    HIPEMU_ATTR(hipDeviceAttributeMaxSurface1D),
    HIPEMU_ATTR(hipDeviceAttributeMaxSurface1DLayered),
    HIPEMU_ATTR(hipDeviceAttributeMaxSurface2D),
    HIPEMU_ATTR(hipDeviceAttributeMaxSurface2DLayered),
    HIPEMU_ATTR(hipDeviceAttributeMaxSurface3D),
    HIPEMU_ATTR(hipDeviceAttributeMaxSurfaceCubemap),
    HIPEMU_ATTR(hipDeviceAttributeMaxSurfaceCubemapLayered),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture1DWidth),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture1DLayered),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture1DLinear),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture1DMipmap),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture2DWidth),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture2DHeight),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture2DGather),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture2DLayered),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture2DLinear),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture2DMipmap),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture3DWidth),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture3DHeight),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture3DDepth),
    HIPEMU_ATTR(hipDeviceAttributeMaxTexture3DAlt),
    HIPEMU_ATTR(hipDeviceAttributeMaxTextureCubemap),
    HIPEMU_ATTR(hipDeviceAttributeMaxTextureCubemapLayered),
    HIPEMU_ATTR(hipDeviceAttributeSurfaceAlignment),
    HIPEMU_ATTR(hipDeviceAttributeTextureAlignment),
    HIPEMU_ATTR(hipDeviceAttributeTexturePitchAlignment),
    HIPEMU_ATTR(hipDeviceAttributeHdpMemFlushCntl),
    HIPEMU_ATTR(hipDeviceAttributeHdpRegFlushCntl),
    HIPEMU_ATTR(hipDeviceAttributeMemoryPoolSupportedHandleTypes),
};
#undef HIPEMU_ATTR

hipError_t attribute(int* pi, hipDeviceAttribute_t attr, const hipDeviceProp_t& p) {
  switch (attr) {
    // From hipDeviceProp_t.
    case hipDeviceAttributeEccEnabled: *pi = p.ECCEnabled; break;
    case hipDeviceAttributeAsyncEngineCount: *pi = p.asyncEngineCount; break;
    case hipDeviceAttributeCanMapHostMemory: *pi = p.canMapHostMemory; break;
    case hipDeviceAttributeClockRate: *pi = p.clockRate; break;
    case hipDeviceAttributeComputeMode: *pi = p.computeMode; break;
    case hipDeviceAttributeConcurrentKernels: *pi = p.concurrentKernels; break;
    case hipDeviceAttributeCooperativeLaunch: *pi = p.cooperativeLaunch; break;
    case hipDeviceAttributeIntegrated: *pi = p.integrated; break;
    case hipDeviceAttributeIsMultiGpuBoard: *pi = p.isMultiGpuBoard; break;
    case hipDeviceAttributeKernelExecTimeout: *pi = p.kernelExecTimeoutEnabled; break;
    case hipDeviceAttributeL2CacheSize: *pi = p.l2CacheSize; break;
    case hipDeviceAttributeComputeCapabilityMajor: *pi = p.major; break;
    case hipDeviceAttributeComputeCapabilityMinor: *pi = p.minor; break;
    case hipDeviceAttributeManagedMemory: *pi = p.managedMemory; break;
    case hipDeviceAttributeMaxBlocksPerMultiProcessor: *pi = p.maxBlocksPerMultiProcessor; break;
    case hipDeviceAttributeMaxBlockDimX: *pi = p.maxThreadsDim[0]; break;
    case hipDeviceAttributeMaxBlockDimY: *pi = p.maxThreadsDim[1]; break;
    case hipDeviceAttributeMaxBlockDimZ: *pi = p.maxThreadsDim[2]; break;
    case hipDeviceAttributeMaxGridDimX: *pi = p.maxGridSize[0]; break;
    case hipDeviceAttributeMaxGridDimY: *pi = p.maxGridSize[1]; break;
    case hipDeviceAttributeMaxGridDimZ: *pi = p.maxGridSize[2]; break;
    case hipDeviceAttributeMaxThreadsPerBlock: *pi = p.maxThreadsPerBlock; break;
    case hipDeviceAttributeMaxThreadsPerMultiProcessor: *pi = p.maxThreadsPerMultiProcessor; break;
    case hipDeviceAttributeMaxPitch: *pi = int(p.memPitch > 0x7fffffff ? 0x7fffffff : p.memPitch); break;
    case hipDeviceAttributeMemoryBusWidth: *pi = p.memoryBusWidth; break;
    case hipDeviceAttributeMemoryClockRate: *pi = p.memoryClockRate; break;
    case hipDeviceAttributeMultiprocessorCount: *pi = p.multiProcessorCount; break;
    case hipDeviceAttributePhysicalMultiProcessorCount: *pi = p.multiProcessorCount; break;
    case hipDeviceAttributePciBusId: *pi = p.pciBusID; break;
    case hipDeviceAttributePciDeviceId: *pi = p.pciDeviceID; break;
    case hipDeviceAttributePciDomainID: *pi = p.pciDomainID; break;
    case hipDeviceAttributeMaxRegistersPerBlock: *pi = p.regsPerBlock; break;
    case hipDeviceAttributeMaxRegistersPerMultiprocessor: *pi = p.regsPerMultiprocessor; break;
    case hipDeviceAttributeMaxSharedMemoryPerBlock: *pi = int(p.sharedMemPerBlock); break;
    case hipDeviceAttributeSharedMemPerBlockOptin: *pi = int(p.sharedMemPerBlockOptin); break;
    case hipDeviceAttributeSharedMemPerMultiprocessor: *pi = int(p.sharedMemPerMultiprocessor); break;
    case hipDeviceAttributeMaxSharedMemoryPerMultiprocessor:
      *pi = int(p.maxSharedMemoryPerMultiProcessor);
      break;
    case hipDeviceAttributeTotalConstantMemory:
      *pi = int(p.totalConstMem > 0x7fffffff ? 0x7fffffff : p.totalConstMem);
      break;
    case hipDeviceAttributeTotalGlobalMem:
      *pi = int(p.totalGlobalMem > 0x7fffffff ? 0x7fffffff : p.totalGlobalMem);
      break;
    // ROCm answers 1 whatever the device ("HIP runtime always uses SVM for host memory
    // allocations", clr hip_device_runtime.cpp); here too host and device addresses never
    // overlap and pinned host memory is mapped at its host address.
    case hipDeviceAttributeUnifiedAddressing: *pi = 1; break;
    case hipDeviceAttributeWarpSize: *pi = p.warpSize; break;
    case hipDeviceAttributeClockInstructionRate: *pi = p.clockInstructionRate; break;
    case hipDeviceAttributeWallClockRate: *pi = p.clockInstructionRate; break;
    // The emulator's model (fill_model_properties below).
    case hipDeviceAttributeCanUseHostPointerForRegisteredMem:
      *pi = p.canUseHostPointerForRegisteredMem;
      break;
    case hipDeviceAttributeHostRegisterSupported: *pi = p.hostRegisterSupported; break;
    case hipDeviceAttributeCooperativeMultiDeviceLaunch: *pi = p.cooperativeMultiDeviceLaunch; break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedFunc:
      *pi = p.cooperativeMultiDeviceUnmatchedFunc;
      break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedGridDim:
      *pi = p.cooperativeMultiDeviceUnmatchedGridDim;
      break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedBlockDim:
      *pi = p.cooperativeMultiDeviceUnmatchedBlockDim;
      break;
    case hipDeviceAttributeCooperativeMultiDeviceUnmatchedSharedMem:
      *pi = p.cooperativeMultiDeviceUnmatchedSharedMem;
      break;
    case hipDeviceAttributeComputePreemptionSupported: *pi = p.computePreemptionSupported; break;
    case hipDeviceAttributeConcurrentManagedAccess: *pi = p.concurrentManagedAccess; break;
    case hipDeviceAttributeDirectManagedMemAccessFromHost:
      *pi = p.directManagedMemAccessFromHost;
      break;
    case hipDeviceAttributePageableMemoryAccess: *pi = p.pageableMemoryAccess; break;
    case hipDeviceAttributePageableMemoryAccessUsesHostPageTables:
      *pi = p.pageableMemoryAccessUsesHostPageTables;
      break;
    case hipDeviceAttributeDeviceOverlap: *pi = p.deviceOverlap; break;
    case hipDeviceAttributeGlobalL1CacheSupported: *pi = p.globalL1CacheSupported; break;
    case hipDeviceAttributeLocalL1CacheSupported: *pi = p.localL1CacheSupported; break;
    case hipDeviceAttributeHostNativeAtomicSupported: *pi = p.hostNativeAtomicSupported; break;
    case hipDeviceAttributeMultiGpuBoardGroupID: *pi = p.multiGpuBoardGroupID; break;
    case hipDeviceAttributePersistingL2CacheMaxSize: *pi = p.persistingL2CacheMaxSize; break;
    case hipDeviceAttributeReservedSharedMemPerBlock: *pi = int(p.reservedSharedMemPerBlock); break;
    case hipDeviceAttributeSingleToDoublePrecisionPerfRatio:
      *pi = p.singleToDoublePrecisionPerfRatio;
      break;
    case hipDeviceAttributeStreamPrioritiesSupported: *pi = p.streamPrioritiesSupported; break;
    case hipDeviceAttributeTccDriver: *pi = p.tccDriver; break;
    case hipDeviceAttributeMemoryPoolsSupported: *pi = p.memoryPoolsSupported; break;
    case hipDeviceAttributeVirtualMemoryManagementSupported: *pi = 0; break;
    case hipDeviceAttributeIsLargeBar: *pi = p.isLargeBar; break;
    case hipDeviceAttributeAsicRevision: *pi = p.asicRevision; break;
    case hipDeviceAttributeCanUseStreamWaitValue: *pi = 0; break;
    case hipDeviceAttributeImageSupport: *pi = 0; break;  // no textures (README)
    case hipDeviceAttributeFineGrainSupport: *pi = 1; break;  // host memory is coherent
    default: {
      for (const AttributeName& a : kNotModelled)
        if (a.attr == attr) {
          std::fprintf(stderr,
                       "hipemu: hipDeviceGetAttribute: %s is not supported (the emulator has no "
                       "model of it)\n",
                       a.name);
          return hipErrorNotSupported;
        }
      std::fprintf(stderr, "hipemu: hipDeviceGetAttribute: unknown attribute %d\n", int(attr));
      return hipErrorInvalidValue;
    }
  }
  return hipSuccess;
}

}  // namespace

namespace hipemu {

void fill_model_properties(hipDeviceProp_t* p) {
  // Zero already (device_api.cpp clears the structure): the texture and surface limits and
  // alignments (no image support), uuid/luid, managed/pageable memory, memory pools, RDMA,
  // cluster launch, L1 caching (no caches are modelled), stream priorities, preemption,
  // the CUDA-only fields, the HDP registers, large BAR and ASIC revision.
  p->canUseHostPointerForRegisteredMem = 1;  // registered memory is mapped at its address
  p->hostRegisterSupported = 1;
  p->hostRegisterReadOnlySupported = 1;      // hipHostRegisterReadOnly is accepted
  p->hostNativeAtomicSupported = 1;          // device atomics are host atomics
  p->cooperativeMultiDeviceLaunch = 0;       // one device
  p->deviceOverlap = 0;                      // copies and launches run in order
}

}  // namespace hipemu

namespace {

hipError_t props(int device_id, hipDeviceProp_t* p) {
  // hipGetDeviceProperties is this library's hipemuGetDeviceProperties (the header's macro).
  return hipGetDeviceProperties(p, device_id);
}

hipError_t valid_device(int id) {
  if (!configure(rt())) return hipErrorNoDevice;
  return id == 0 ? hipSuccess : hipErrorInvalidDevice;
}

}  // namespace

extern "C" {

hipError_t hipDeviceGetAttribute(int* pi, hipDeviceAttribute_t attr, int deviceId) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!pi) return record(hipErrorInvalidValue);
  hipDeviceProp_t p;
  if (hipError_t e = props(deviceId, &p)) return record(e);
  return record(attribute(pi, attr, p));
  HIPEMU_API_END
}

hipError_t hipDeviceGet(hipDevice_t* device, int ordinal) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!device) return record(hipErrorInvalidValue);
  if (hipError_t e = valid_device(ordinal)) return record(e);
  *device = ordinal;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipDeviceGetName(char* name, int len, hipDevice_t device) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!name || len <= 0) return record(hipErrorInvalidValue);
  hipDeviceProp_t p;
  if (hipError_t e = props(device, &p)) return record(e);
  std::snprintf(name, size_t(len), "%s", p.name);
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipDeviceComputeCapability(int* major, int* minor, hipDevice_t device) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!major || !minor) return record(hipErrorInvalidValue);
  hipDeviceProp_t p;
  if (hipError_t e = props(device, &p)) return record(e);
  *major = p.major;
  *minor = p.minor;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipDeviceTotalMem(size_t* bytes, hipDevice_t device) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!bytes) return record(hipErrorInvalidValue);
  hipDeviceProp_t p;
  if (hipError_t e = props(device, &p)) return record(e);
  *bytes = p.totalGlobalMem;
  return hipSuccess;
  HIPEMU_API_END
}

// Peers: the emulator is one device, and ROCm documents that a device is not a peer of
// itself (hipDeviceCanAccessPeer returns 0 for deviceId == peerDeviceId).
hipError_t hipDeviceCanAccessPeer(int* canAccessPeer, int deviceId, int peerDeviceId) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!canAccessPeer) return record(hipErrorInvalidValue);
  if (hipError_t e = valid_device(deviceId)) return record(e);
  if (hipError_t e = valid_device(peerDeviceId)) return record(e);
  *canAccessPeer = 0;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipDeviceEnablePeerAccess(int peerDeviceId, unsigned int flags) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (flags != 0) return record(hipErrorInvalidValue);
  if (hipError_t e = valid_device(peerDeviceId)) return record(e);
  // The only valid peer is the current device itself, which is not a peer.
  return record(hipErrorInvalidDevice);
  HIPEMU_API_END
}

hipError_t hipDeviceDisablePeerAccess(int peerDeviceId) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (hipError_t e = valid_device(peerDeviceId)) return record(e);
  // As ROCm (clr hip_peer.cpp): a device that cannot access the peer -> hipErrorInvalidDevice.
  return record(hipErrorInvalidDevice);
  HIPEMU_API_END
}

hipError_t hipDeviceGetP2PAttribute(int* value, hipDeviceP2PAttr attr, int srcDevice,
                                    int dstDevice) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!value) return record(hipErrorInvalidValue);
  if (hipError_t e = valid_device(srcDevice)) return record(e);
  if (hipError_t e = valid_device(dstDevice)) return record(e);
  (void)attr;
  // ROCm (clr hip_peer.cpp) rejects srcDevice == dstDevice with hipErrorInvalidDevice
  // before looking at the attribute; one device has no other pair.
  return record(hipErrorInvalidDevice);
  HIPEMU_API_END
}

// Copies between devices: with one device both ordinals must be 0, and the copy is a
// device-to-device copy.
hipError_t hipMemcpyPeer(void* dst, int dstDeviceId, const void* src, int srcDeviceId,
                         size_t sizeBytes) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (hipError_t e = valid_device(dstDeviceId)) return record(e);
  if (hipError_t e = valid_device(srcDeviceId)) return record(e);
  return hipMemcpy(dst, src, sizeBytes, hipMemcpyDeviceToDevice);
  HIPEMU_API_END
}

hipError_t hipMemcpyPeerAsync(void* dst, int dstDeviceId, const void* src, int srcDevice,
                              size_t sizeBytes, hipStream_t stream) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (hipError_t e = valid_device(dstDeviceId)) return record(e);
  if (hipError_t e = valid_device(srcDevice)) return record(e);
  return hipMemcpyAsync(dst, src, sizeBytes, hipMemcpyDeviceToDevice, stream);
  HIPEMU_API_END
}

}  // extern "C"
