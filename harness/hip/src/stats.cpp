// hipemu extensions: the last launch's statistics (hip/hipemu_ext.h).
#include <hip/hipemu_ext.h>

#include "runtime.h"

using namespace hipemu;

extern "C" {

hipError_t hipemuGetLastLaunchStats(hipemuLaunchStats* out) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!out) return record(hipErrorInvalidValue);
  const rdna4emu::LaunchStats& s = rt().last_stats;
  out->wave_instructions = s.wave_instructions;
  out->lane_operations = s.lane_operations;
  out->waves = s.waves;
  out->workgroups = s.workgroups;
  out->modelled_cycles = s.modelled_cycles;
  out->wmma_instructions = 0;
  for (const auto& [mnemonic, count] : s.per_mnemonic)
    if (mnemonic.rfind("v_wmma_", 0) == 0 || mnemonic.rfind("v_swmmac_", 0) == 0)
      out->wmma_instructions += count;
  out->seconds = s.seconds;
  return hipSuccess;
  HIPEMU_API_END
}

hipError_t hipemuGetLastLaunchMnemonicCount(const char* mnemonic, uint64_t* count) {
  HIPEMU_API_BEGIN
  std::lock_guard<std::recursive_mutex> g(rt().mutex);
  if (!mnemonic || !count) return record(hipErrorInvalidValue);
  auto it = rt().last_stats.per_mnemonic.find(mnemonic);
  *count = it == rt().last_stats.per_mnemonic.end() ? 0 : it->second;
  return hipSuccess;
  HIPEMU_API_END
}

}  // extern "C"
