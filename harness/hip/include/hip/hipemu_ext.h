// hipemu extensions (not part of HIP): what the emulator measured during the
// last kernel launch of the calling process. Programs that must also build
// with ROCm include this only `#if __has_include(<hip/hipemu_ext.h>)` (see
// Inputs/runtime/rdna4_test.h).
#ifndef HIPEMU_EXT_H
#define HIPEMU_EXT_H

#include "hip/hip_runtime_api.h"

typedef struct hipemuLaunchStats {
  uint64_t wave_instructions;  // executed instructions summed over waves
  uint64_t lane_operations;    // sum over VALU/VMEM/DS instructions of active lanes
  uint64_t waves;
  uint64_t workgroups;
  uint64_t modelled_cycles;    // WMMA throughput table + 1 per other instruction (emulator docs)
  uint64_t wmma_instructions;  // executed v_wmma_* and v_swmmac_* (wave-instructions)
  double seconds;              // host wall time of the launch
} hipemuLaunchStats;

#ifdef __cplusplus
extern "C" {
#endif
// Statistics of the most recent launch (zeros before the first one).
hipError_t hipemuGetLastLaunchStats(hipemuLaunchStats* stats);
// Executed count of one mnemonic (e.g. "v_wmma_f32_16x16x16_f16") in the most
// recent launch; 0 when it did not execute.
hipError_t hipemuGetLastLaunchMnemonicCount(const char* mnemonic, uint64_t* count);
#ifdef __cplusplus
}
#endif

#endif  // HIPEMU_EXT_H
