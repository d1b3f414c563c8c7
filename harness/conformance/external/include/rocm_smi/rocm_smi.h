// <rocm_smi/rocm_smi.h> for outside programs built for the emulator
// (rdna4-conformance run --external): ROCm SMI (the GPU monitoring library, not part of HIP)
// has no device to monitor here. Programs that include it only to read clocks or PCI ids
// (rocWMMA's tests include it unconditionally and call it in benchmark builds only) compile;
// every function reports RSMI_STATUS_NOT_SUPPORTED, which such programs treat as "no
// monitoring data". Names and types as ROCm SMI's public header (rocm_smi.h).
#ifndef RDNA4_EXTERNAL_ROCM_SMI_STUB_H
#define RDNA4_EXTERNAL_ROCM_SMI_STUB_H

#include <stdint.h>

typedef enum {
  RSMI_STATUS_SUCCESS = 0,
  RSMI_STATUS_NOT_SUPPORTED = 2,
} rsmi_status_t;

typedef enum {
  RSMI_CLK_TYPE_SYS = 0,
} rsmi_clk_type_t;

#define RSMI_MAX_NUM_FREQUENCIES 33
typedef struct {
  uint32_t num_supported;
  uint32_t current;
  uint64_t frequency[RSMI_MAX_NUM_FREQUENCIES];
} rsmi_frequencies_t;

static inline rsmi_status_t rsmi_init(uint64_t flags) {
  (void)flags; return RSMI_STATUS_NOT_SUPPORTED; }
static inline rsmi_status_t rsmi_shut_down(void) { return RSMI_STATUS_NOT_SUPPORTED; }
static inline rsmi_status_t rsmi_num_monitor_devices(uint32_t* n) {
  if (n) *n = 0;
  return RSMI_STATUS_NOT_SUPPORTED;
}
static inline rsmi_status_t rsmi_dev_pci_id_get(uint32_t dev, uint64_t* id) {
  (void)dev, (void)id;
  return RSMI_STATUS_NOT_SUPPORTED; }
static inline rsmi_status_t rsmi_dev_gpu_clk_freq_get(uint32_t dev, rsmi_clk_type_t t,
                                                      rsmi_frequencies_t* f) {
  (void)dev, (void)t, (void)f;
  return RSMI_STATUS_NOT_SUPPORTED;
}
static inline rsmi_status_t rsmi_status_string(rsmi_status_t s, const char** str) {
  if (str) *str = s == RSMI_STATUS_SUCCESS ? "RSMI_STATUS_SUCCESS" : "RSMI_STATUS_NOT_SUPPORTED (emulator)";
  return RSMI_STATUS_SUCCESS;
}

#endif  // RDNA4_EXTERNAL_ROCM_SMI_STUB_H
