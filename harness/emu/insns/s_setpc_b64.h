// s_setpc_b64: jump to the device address in S0 (function return / indirect branch).
jump_to(w, in, S0_64);
