// v_mqsad_pk_u16_u8: as v_qsad_pk_u16_u8 with masked SADs (bytes of S1 equal to 0 skipped) (AMD RDNA4 ISA
// reference guide, V_MQSAD_PK_U16_U8).
vop_qsad<true, 16>(w, in);
