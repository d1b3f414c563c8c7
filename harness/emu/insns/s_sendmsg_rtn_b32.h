// s_sendmsg_rtn_b32: D = the value returned by message S0 (the raw source field).
// Only MSG_RTN_GET_REALTIME (131) is modelled (model_assumptions salu_sendmsg_rtn_realtime).
if (in.src[0].code != 131) {
  char b[96];
  std::snprintf(b, sizeof b, "s_sendmsg_rtn_b32 %u: this message is not emulated", unsigned(in.src[0].code));
  not_supported(w, in, b);
} else {
  SDST(uint32_t(w.icount));
}
