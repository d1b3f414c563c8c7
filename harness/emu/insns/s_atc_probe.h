// s_atc_probe: probes the address translation cache for an address; no architectural effect in the emulator (no caches or translation), so nothing to do.
