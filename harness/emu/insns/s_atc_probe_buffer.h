// s_atc_probe_buffer: probes the address translation cache for an address; no architectural effect in the emulator (no caches or translation), so nothing to do.
