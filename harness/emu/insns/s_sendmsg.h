// s_sendmsg: message simm16[7:0] to the hardware outside the wave. Only
// MSG_DEALLOC_VGPRS (3: release the VGPRs before s_endpgm) is exact as a no-op;
// the others act outside the wave and are not emulated.
if ((in.imm & 0xff) != 3) {
  char b[96];
  std::snprintf(b, sizeof b, "s_sendmsg %u: this message is not emulated", unsigned(in.imm & 0xff));
  not_supported(w, in, b);
}
