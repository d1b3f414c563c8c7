// s_ttracedata_imm: writes simm16 to the thread trace. Exact as a no-op (thread trace is off).
