// <hip/hip_runtime_api.h> for the RDNA4 emulator path (hipemu).
//
// The host API subset the conformance suite uses, with the names, types,
// numeric values and semantics of ROCm's header, so a program written
// against this header compiles unchanged with ROCm. Usable from plain C++
// (no HIP language mode) as well as from `-x hip`.
//
// Emulator-specific behaviour (documented in harness/hip/README.md):
//  - kernel launches execute synchronously inside hipLaunchKernel; a fault is
//    reported by the synchronizing calls of the stream it ran on
//    (hipStreamSynchronize, hipStreamQuery, events recorded after it) and by the
//    next device-wide one (hipDeviceSynchronize, hipStreamSynchronize(0),
//    hipMemcpy), then by hipGetLastError;
//  - events record host time (std::chrono::steady_clock).
#ifndef HIPEMU_HIP_RUNTIME_API_H
#define HIPEMU_HIP_RUNTIME_API_H

#include <stddef.h>
#include <stdint.h>

#define __HIP_PLATFORM_AMD__ 1
#define HIPEMU 1  // this header set, not ROCm's

#include "hip/hipemu_attributes.h"  // plain C++: __host__/__device__ expand to nothing

#if defined(__cplusplus) && __cplusplus >= 201703L
#define __HIP_NODISCARD [[nodiscard]]
#else
#define __HIP_NODISCARD
#endif

#ifdef __cplusplus
#define __hipemu_dparm(x) = x
#else
#define __hipemu_dparm(x)
#endif

typedef enum __HIP_NODISCARD hipError_t {
#define HIP_ERROR(name, value, text) name = value,
#include "hip/hip_errors.def"
#undef HIP_ERROR
  // Aliases ROCm keeps for compatibility.
  hipErrorMemoryAllocation = 2,
  hipErrorInitializationError = 3,
  hipErrorInvalidResourceHandle = 400,
} hipError_t;

typedef enum hipMemcpyKind {
  hipMemcpyHostToHost = 0,
  hipMemcpyHostToDevice = 1,
  hipMemcpyDeviceToHost = 2,
  hipMemcpyDeviceToDevice = 3,
  hipMemcpyDefault = 4,
} hipMemcpyKind;

typedef struct dim3 {
  uint32_t x, y, z;
#ifdef __cplusplus
  constexpr __host__ __device__ dim3(uint32_t _x = 1, uint32_t _y = 1, uint32_t _z = 1)
      : x(_x), y(_y), z(_z) {}
#endif
} dim3;

typedef struct ihipStream_t* hipStream_t;
typedef struct ihipEvent_t* hipEvent_t;
typedef struct ihipModule_t* hipModule_t;
typedef struct ihipModuleSymbol_t* hipFunction_t;
typedef int hipDevice_t;

#define hipStreamDefault 0x00
#define hipStreamNonBlocking 0x01
#define hipEventDefault 0x0
#define hipEventBlockingSync 0x1
#define hipEventDisableTiming 0x2

#define HIP_LAUNCH_PARAM_BUFFER_POINTER ((void*)0x01)
#define HIP_LAUNCH_PARAM_BUFFER_SIZE ((void*)0x02)
#define HIP_LAUNCH_PARAM_END ((void*)0x03)

// ---- hipDeviceArch_t: ROCm's hip_runtime_api.h, the same bit-fields in the same order -------
typedef struct {
  unsigned hasGlobalInt32Atomics : 1;
  unsigned hasGlobalFloatAtomicExch : 1;
  unsigned hasSharedInt32Atomics : 1;
  unsigned hasSharedFloatAtomicExch : 1;
  unsigned hasFloatAtomicAdd : 1;
  unsigned hasGlobalInt64Atomics : 1;
  unsigned hasSharedInt64Atomics : 1;
  unsigned hasDoubles : 1;
  unsigned hasWarpVote : 1;
  unsigned hasWarpBallot : 1;
  unsigned hasWarpShuffle : 1;
  unsigned hasFunnelShift : 1;
  unsigned hasThreadFenceSystem : 1;
  unsigned hasSyncThreadsExt : 1;
  unsigned hasSurfaceFuncs : 1;
  unsigned has3dGrid : 1;
  unsigned hasDynamicParallelism : 1;
} hipDeviceArch_t;
// ---- end of hipDeviceArch_t ----------------------------------------------------------------

// The subset of ROCm's hipDeviceProp_t the emulator fills (same member
// names and types; the layout is this library's own). Its entry point is
// hipemuGetDeviceProperties (the macro below, as ROCm >= 6 maps the name to
// hipGetDevicePropertiesR0600): libhipemu.so's unsuffixed hipGetDeviceProperties fills
// HIP 5.x's structure for programs built with ROCm's headers (hipcc --hip-path).
#define hipGetDeviceProperties hipemuGetDeviceProperties
typedef struct hipDeviceProp_t {
  char name[256];                 // "RDNA4 emulator (gfx1201)" on the emulator
  size_t totalGlobalMem;
  size_t sharedMemPerBlock;
  int regsPerBlock;
  int warpSize;
  size_t memPitch;
  int maxThreadsPerBlock;
  int maxThreadsDim[3];
  int maxGridSize[3];
  int clockRate;                  // kHz
  size_t totalConstMem;
  int major;
  int minor;
  int multiProcessorCount;
  int kernelExecTimeoutEnabled;
  int integrated;
  int canMapHostMemory;
  int computeMode;
  int concurrentKernels;
  int ECCEnabled;
  int pciBusID;
  int pciDeviceID;
  int pciDomainID;
  int asyncEngineCount;
  int unifiedAddressing;
  int memoryClockRate;            // kHz
  int memoryBusWidth;             // bits
  int l2CacheSize;
  int maxThreadsPerMultiProcessor;
  size_t sharedMemPerMultiprocessor;
  int regsPerMultiprocessor;
  int managedMemory;
  int isMultiGpuBoard;
  int cooperativeLaunch;
  size_t sharedMemPerBlockOptin;
  int maxBlocksPerMultiProcessor;
  char gcnArchName[256];          // "gfx1201" / "gfx1200"
  hipDeviceArch_t arch;           // ROCm's feature flags (device_api.cpp)
  size_t maxSharedMemoryPerMultiProcessor;
  int clockInstructionRate;
} hipDeviceProp_t;

#ifdef __cplusplus
extern "C" {
#endif

// Errors.
hipError_t hipGetLastError(void);
hipError_t hipPeekAtLastError(void);
const char* hipGetErrorName(hipError_t error);
const char* hipGetErrorString(hipError_t error);

// Devices.
hipError_t hipGetDeviceCount(int* count);
hipError_t hipGetDevice(int* deviceId);
hipError_t hipSetDevice(int deviceId);
hipError_t hipGetDeviceProperties(hipDeviceProp_t* prop, int deviceId);
hipError_t hipDeviceSynchronize(void);
hipError_t hipDeviceReset(void);
hipError_t hipDriverGetVersion(int* driverVersion);
hipError_t hipRuntimeGetVersion(int* runtimeVersion);

// Memory.
hipError_t hipMalloc(void** ptr, size_t size);
hipError_t hipFree(void* ptr);
hipError_t hipMemcpy(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind);
hipError_t hipMemcpyAsync(void* dst, const void* src, size_t sizeBytes, hipMemcpyKind kind,
                          hipStream_t stream __hipemu_dparm(0));
hipError_t hipMemset(void* dst, int value, size_t sizeBytes);
hipError_t hipMemsetAsync(void* dst, int value, size_t sizeBytes,
                          hipStream_t stream __hipemu_dparm(0));
hipError_t hipMemGetInfo(size_t* free, size_t* total);

// __device__ / __constant__ variables, named by the host-side shadow
// variable: hipMemcpyToSymbol(HIP_SYMBOL(var), ...).
hipError_t hipGetSymbolAddress(void** devPtr, const void* symbol);
hipError_t hipGetSymbolSize(size_t* size, const void* symbol);
hipError_t hipMemcpyToSymbol(const void* symbol, const void* src, size_t sizeBytes,
                             size_t offset __hipemu_dparm(0),
                             hipMemcpyKind kind __hipemu_dparm(hipMemcpyHostToDevice));
hipError_t hipMemcpyFromSymbol(void* dst, const void* symbol, size_t sizeBytes,
                               size_t offset __hipemu_dparm(0),
                               hipMemcpyKind kind __hipemu_dparm(hipMemcpyDeviceToHost));

// Streams (the emulator has one in-order queue: every stream is synchronous).
hipError_t hipStreamCreate(hipStream_t* stream);
hipError_t hipStreamCreateWithFlags(hipStream_t* stream, unsigned int flags);
hipError_t hipStreamDestroy(hipStream_t stream);
hipError_t hipStreamSynchronize(hipStream_t stream);

// ---- Stream-ordered operations (src/stream_ops.cpp) -------------------------
// Signatures as ROCm's include/hip/hip_runtime_api.h. On the emulator every
// stream runs in order on the calling thread, so each operation takes effect
// when called, after everything enqueued before it has completed.
hipError_t hipStreamQuery(hipStream_t stream);
hipError_t hipStreamWaitEvent(hipStream_t stream, hipEvent_t event,
                              unsigned int flags __hipemu_dparm(0));
typedef void (*hipHostFn_t)(void* userData);
hipError_t hipLaunchHostFunc(hipStream_t stream, hipHostFn_t fn, void* userData);
typedef void (*hipStreamCallback_t)(hipStream_t stream, hipError_t status, void* userData);
hipError_t hipStreamAddCallback(hipStream_t stream, hipStreamCallback_t callback, void* userData,
                                unsigned int flags);
hipError_t hipMallocAsync(void** dev_ptr, size_t size, hipStream_t stream);
hipError_t hipFreeAsync(void* dev_ptr, hipStream_t stream);
// ---- end of stream-ordered operations ---------------------------------------

// Events (host timestamps).
hipError_t hipEventCreate(hipEvent_t* event);
hipError_t hipEventCreateWithFlags(hipEvent_t* event, unsigned flags);
hipError_t hipEventRecord(hipEvent_t event, hipStream_t stream __hipemu_dparm(0));
hipError_t hipEventSynchronize(hipEvent_t event);
hipError_t hipEventQuery(hipEvent_t event);
hipError_t hipEventElapsedTime(float* ms, hipEvent_t start, hipEvent_t stop);
hipError_t hipEventDestroy(hipEvent_t event);

// Kernel launch (what clang's host code calls for <<<...>>>).
hipError_t hipLaunchKernel(const void* function_address, dim3 numBlocks, dim3 dimBlocks,
                           void** args, size_t sharedMemBytes __hipemu_dparm(0),
                           hipStream_t stream __hipemu_dparm(0));
hipError_t __hipPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                      size_t sharedMem __hipemu_dparm(0),
                                      hipStream_t stream __hipemu_dparm(0));
hipError_t __hipPopCallConfiguration(dim3* gridDim, dim3* blockDim, size_t* sharedMem,
                                     hipStream_t* stream);

// Modules (code objects loaded at run time).
hipError_t hipModuleLoadData(hipModule_t* module, const void* image);
hipError_t hipModuleLoad(hipModule_t* module, const char* fname);
hipError_t hipModuleUnload(hipModule_t module);
hipError_t hipModuleGetFunction(hipFunction_t* function, hipModule_t module, const char* kname);
hipError_t hipModuleLaunchKernel(hipFunction_t f, unsigned int gridDimX, unsigned int gridDimY,
                                 unsigned int gridDimZ, unsigned int blockDimX,
                                 unsigned int blockDimY, unsigned int blockDimZ,
                                 unsigned int sharedMemBytes, hipStream_t stream,
                                 void** kernelParams, void** extra);

#ifdef __cplusplus
}  // extern "C"

// C++ conveniences ROCm's header also provides.
template <typename T>
static inline hipError_t hipMalloc(T** ptr, size_t size) {
  return hipMalloc(reinterpret_cast<void**>(ptr), size);
}
// Symbol APIs taking the variable itself (as ROCm: HIP_SYMBOL(x) is x).
#define HIP_SYMBOL(X) X
template <typename T>
hipError_t hipGetSymbolAddress(void** devPtr, const T& symbol) {
  return ::hipGetSymbolAddress(devPtr, (const void*)&symbol);
}
template <typename T>
hipError_t hipGetSymbolSize(size_t* size, const T& symbol) {
  return ::hipGetSymbolSize(size, (const void*)&symbol);
}
template <typename T>
hipError_t hipMemcpyToSymbol(const T& symbol, const void* src, size_t sizeBytes,
                             size_t offset = 0, hipMemcpyKind kind = hipMemcpyHostToDevice) {
  return ::hipMemcpyToSymbol((const void*)&symbol, src, sizeBytes, offset, kind);
}
template <typename T>
hipError_t hipMemcpyFromSymbol(void* dst, const T& symbol, size_t sizeBytes, size_t offset = 0,
                               hipMemcpyKind kind = hipMemcpyDeviceToHost) {
  return ::hipMemcpyFromSymbol(dst, (const void*)&symbol, sizeBytes, offset, kind);
}
#endif

#endif  // HIPEMU_HIP_RUNTIME_API_H
