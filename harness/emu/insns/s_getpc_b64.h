// s_getpc_b64: D = device address of the next instruction (the code object's
// image is mapped in device memory: Device::code_object_base).
SDST64(w.L->code_base + uint64_t(int64_t(int32_t(in.pc))) + 4);
