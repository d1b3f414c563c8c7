// s_alloc_vgpr: dynamic VGPR reallocation. The emulator gives every wave a fixed
// VGPR file and does not model reallocation (success or failure, SCC).
not_supported(w, in, "s_alloc_vgpr: dynamic VGPR allocation is not emulated");
