// v_mqsad_u32_u8: four masked SADs of S1 against the byte windows of S0 (64 bits) at offsets 0..3; 32-bit
// field k of D (4 VGPRs) = S2 field k (4 VGPRs) + msad_u8(S0 >> 8k, S1) (AMD RDNA4 ISA reference guide,
// V_MQSAD_U32_U8). clamp saturates each field to 0xffffffff (UNVERIFIED, MODEL(int_clamp_vop)).
vop_qsad<true, 32>(w, in);
