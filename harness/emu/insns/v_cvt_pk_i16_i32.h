// v_cvt_pk_i16_i32: D = {i16(S1), i16(S0)}, each i32 saturated to [-32768, 32767] (AMD RDNA4 ISA reference
// guide, V_CVT_PK_I16_I32: i32_to_i16; the saturation is UNVERIFIED, MODEL(cvt_pk_16_saturates)).
// Candidate truncate (RDNA4_EMU_MODEL=cvt_pk_16_saturates=truncate): the low 16 bits of each source.
static const bool trunc16 = model::active<model::CvtPk16Saturates>() == model::CvtPk16Saturates::Truncate;
if (trunc16) vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) { return (a & 0xffffu) | (b << 16); });
else vop_u32(w, in, [](uint32_t a, uint32_t b, uint32_t) {
  return uint32_t(sat_i16(int32_t(a))) | (uint32_t(sat_i16(int32_t(b))) << 16);
});
