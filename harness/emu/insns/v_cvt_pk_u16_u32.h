// v_cvt_pk_u16_u32: D = {u16(S1), u16(S0)}, each u32 saturated to [0, 0xffff] (AMD RDNA4 ISA reference guide,
// V_CVT_PK_U16_U32: u32_to_u16; the saturation is UNVERIFIED, MODEL(cvt_pk_16_saturates)).
// Candidate truncate (RDNA4_EMU_MODEL=cvt_pk_16_saturates=truncate): the low 16 bits of each source.
static const bool trunc16 = model::active<model::CvtPk16Saturates>() == model::CvtPk16Saturates::Truncate;
if (trunc16) vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return (a & 0xffffu) | (b << 16); });
else vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return std::min(a, 0xffffu) | (std::min(b, 0xffffu) << 16); });
