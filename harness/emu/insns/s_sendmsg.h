// s_sendmsg
// MSG_DEALLOC_VGPRS (3) and other messages: no effect on results.
