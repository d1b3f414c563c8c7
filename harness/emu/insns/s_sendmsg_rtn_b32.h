// s_sendmsg_rtn_b32: D = the value returned by the message whose id is the ssrc0 field [7:0].
// Only MSG_RTN_GET_REALTIME (131) is modelled (salu.h sendmsg_realtime).
if ((in.raw[0] & 0xff) != 131) {
  char b[96];
  std::snprintf(b, sizeof b, "s_sendmsg_rtn_b32 %u: this message is not emulated", unsigned(in.raw[0] & 0xff));
  not_supported(w, in, b);
} else {
  SDST(uint32_t(sendmsg_realtime(w)));
}
