// <hip/hip_ext.h> for the RDNA4 emulator path (hipemu): ROCm's AMD-specific launch with
// events (ROCm's hip/hip_ext.h and the HIP API reference, "hipExtLaunchKernel",
// "hipExtLaunchKernelGGL"):
//
//   hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks,
//                                 dim3 dimBlocks, void** args, size_t sharedMemBytes,
//                                 hipStream_t stream, hipEvent_t startEvent,
//                                 hipEvent_t stopEvent, int flags);
//   template <typename... Args, typename F = void (*)(Args...)>
//   void hipExtLaunchKernelGGL(F kernel, const dim3& numBlocks, const dim3& dimBlocks,
//                              std::uint32_t sharedMemBytes, hipStream_t stream,
//                              hipEvent_t startEvent, hipEvent_t stopEvent,
//                              std::uint32_t flags, Args... args);
//
// The grid is given in blocks, as with hipLaunchKernel and <<<>>>: numBlocks blocks of
// dimBlocks work-items each (ROCm's hipExtLaunchKernelGGL forwards numBlocks and dimBlocks
// to hipExtLaunchKernel unchanged). The arguments are converted to the kernel's parameter
// types first (their count must match: a compile error otherwise). startEvent and
// stopEvent (each may be null) are recorded on `stream` before and after the launch; flags
// (hipExtAnyOrderLaunch) changes nothing here: launches run one at a time, in order.
// hipExtLaunchKernel is an inline function of this header (not a libhipemu.so symbol).
#ifndef HIPEMU_HIP_EXT_H
#define HIPEMU_HIP_EXT_H

#include "hip/hip_runtime.h"

#include <cstdint>
#include <tuple>
#include <utility>

#define hipExtAnyOrderLaunch 1

static inline hipError_t hipExtLaunchKernel(const void* function_address, dim3 numBlocks,
                                            dim3 dimBlocks, void** args, size_t sharedMemBytes,
                                            hipStream_t stream, hipEvent_t startEvent,
                                            hipEvent_t stopEvent, int flags) {
  (void)flags;
  if (startEvent) {
    hipError_t e = hipEventRecord(startEvent, stream);
    if (e != hipSuccess) return e;
  }
  hipError_t e =
      hipLaunchKernel(function_address, numBlocks, dimBlocks, args, sharedMemBytes, stream);
  if (e != hipSuccess) return e;
  return stopEvent ? hipEventRecord(stopEvent, stream) : hipSuccess;
}

namespace __hipemu {
template <typename Tuple, std::size_t... I>
inline void arg_pointers(Tuple& t, void** out, std::index_sequence<I...>) {
  ((out[I] = const_cast<void*>(static_cast<const void*>(&std::get<I>(t)))), ...);
}
template <typename... Formals, typename... Actuals>
inline std::tuple<Formals...> to_formals(void (*)(Formals...), Actuals&&... actuals) {
  static_assert(sizeof...(Formals) == sizeof...(Actuals),
                "hipExtLaunchKernelGGL: the number of arguments differs from the kernel's");
  return std::tuple<Formals...>{std::forward<Actuals>(actuals)...};
}
}  // namespace __hipemu

template <typename... Args, typename F = void (*)(Args...)>
inline void hipExtLaunchKernelGGL(F kernel, const dim3& numBlocks, const dim3& dimBlocks,
                                  std::uint32_t sharedMemBytes, hipStream_t stream,
                                  hipEvent_t startEvent, hipEvent_t stopEvent,
                                  std::uint32_t flags, Args... args) {
  auto formals = __hipemu::to_formals(kernel, args...);
  constexpr std::size_t count = std::tuple_size<decltype(formals)>::value;
  void* ptrs[count + 1] = {nullptr};
  __hipemu::arg_pointers(formals, ptrs, std::make_index_sequence<count>{});
  (void)hipExtLaunchKernel(reinterpret_cast<const void*>(kernel), numBlocks, dimBlocks, ptrs,
                           sharedMemBytes, stream, startEvent, stopEvent, (int)flags);
}

#endif  // HIPEMU_HIP_EXT_H
