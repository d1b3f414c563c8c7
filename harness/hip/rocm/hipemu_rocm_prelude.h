// Force-included (-include) by `rdna4-conformance hipcc --device emu --hip-path DIR` before
// the program, when it builds against a ROCm HIP header set instead of harness/hip/include.
// It fills what such a header set and its device libraries expect from a ROCm compiler
// and install, and that a newer clang or an older device-library set lacks:
//  * __AMDGCN_WAVEFRONT_SIZE: HIP 5.x headers define warpSize from it; clang >= 20 no longer
//    predefines it (clang 19 does, and its value is kept). RDNA4 code is wave32 here.
//  * __oclc_ISA_version: the device libraries' ISA-version control constant (AMD's
//    ROCm-Device-Libs README, "oclc_isa_version_*"), defined here per offload arch
//    (major * 1000 + minor * 100 + stepping): a device-library set older than gfx12 has no
//    oclc_isa_version_1200/1201 file, and hipcc links one file set into every arch.
#ifndef HIPEMU_ROCM_PRELUDE_H
#define HIPEMU_ROCM_PRELUDE_H
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 32
#endif
#if defined(__HIP_DEVICE_COMPILE__)
#if defined(__gfx1201__)
extern "C" __attribute__((constant, visibility("hidden"))) const int __oclc_ISA_version = 12001;
#elif defined(__gfx1200__)
extern "C" __attribute__((constant, visibility("hidden"))) const int __oclc_ISA_version = 12000;
#endif
#endif
#endif
