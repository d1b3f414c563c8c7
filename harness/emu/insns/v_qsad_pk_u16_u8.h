// v_qsad_pk_u16_u8: four SADs of S1 (a 4-byte reference) against the byte windows of S0 (64 bits) at byte
// offsets 0..3; field k (16 bits) of D = S2 field k + sad_u8(S0 >> 8k, S1), kept to 16 bits (AMD RDNA4 ISA
// reference guide, V_QSAD_PK_U16_U8). clamp saturates each field to 0xffff (UNVERIFIED, MODEL(int_clamp_vop)).
vop_qsad<false, 16>(w, in);
