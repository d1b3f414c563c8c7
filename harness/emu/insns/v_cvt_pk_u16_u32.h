// v_cvt_pk_u16_u32
vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t c) { (void)c; return (std::min(a, 0xffffu)) | (std::min(b, 0xffffu) << 16); });
