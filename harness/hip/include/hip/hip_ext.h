// <hip/hip_ext.h> for the RDNA4 emulator path (hipemu): hipExtLaunchKernelGGL (HIP
// documentation, "hipExtLaunchKernelGGL"): launch with a global work size given in
// work-items, not blocks, and optional start/stop events recorded around the launch.
//
//   hipExtLaunchKernelGGL(kernel, globalWorkSize, localWorkSize, sharedMemBytes, stream,
//                         startEvent, stopEvent, flags, args...)
//
// The grid is ceil(globalWorkSize / localWorkSize) blocks per dimension (a partial last
// block runs at full size: the kernel must check its bounds, as with <<<>>>). startEvent
// and stopEvent (may be null) are recorded on `stream` before and after the launch;
// `flags` is accepted and ignored (the emulator has no launch flags).
#ifndef HIPEMU_HIP_EXT_H
#define HIPEMU_HIP_EXT_H

#include "hip/hip_runtime.h"

#define hipExtLaunchKernelGGL(kernelName, globalWorkSize, localWorkSize, sharedMemBytes,   \
                              stream, startEvent, stopEvent, flags, ...)                   \
  do {                                                                                     \
    dim3 __hipemu_g = (globalWorkSize), __hipemu_l = (localWorkSize);                      \
    dim3 __hipemu_grid((__hipemu_g.x + __hipemu_l.x - 1) / __hipemu_l.x,                   \
                       (__hipemu_g.y + __hipemu_l.y - 1) / __hipemu_l.y,                   \
                       (__hipemu_g.z + __hipemu_l.z - 1) / __hipemu_l.z);                  \
    hipEvent_t __hipemu_start = (startEvent), __hipemu_stop = (stopEvent);                 \
    (void)(flags);                                                                         \
    if (__hipemu_start) (void)hipEventRecord(__hipemu_start, (stream));                    \
    kernelName<<<__hipemu_grid, __hipemu_l, (sharedMemBytes), (stream)>>>(__VA_ARGS__);    \
    if (__hipemu_stop) (void)hipEventRecord(__hipemu_stop, (stream));                      \
  } while (0)

#endif  // HIPEMU_HIP_EXT_H
