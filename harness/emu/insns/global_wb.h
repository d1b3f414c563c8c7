// global_wb
// Cache write-back: memory is coherent in the emulator.
