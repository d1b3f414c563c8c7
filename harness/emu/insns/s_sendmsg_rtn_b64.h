// s_sendmsg_rtn_b64: D = the 64-bit value returned by the message whose id is the ssrc0
// field [7:0]. Only MSG_RTN_GET_REALTIME (131) is modelled: the wave's executed
// instruction count stands in for the real-time clock (salu.h sendmsg_realtime).
if ((in.raw[0] & 0xff) != 131) {
  char b[96];
  std::snprintf(b, sizeof b, "s_sendmsg_rtn_b64 %u: this message is not emulated", unsigned(in.raw[0] & 0xff));
  not_supported(w, in, b);
} else {
  SDST64(sendmsg_realtime(w));
}
