// global_inv
// Cache invalidate: memory is coherent in the emulator.
