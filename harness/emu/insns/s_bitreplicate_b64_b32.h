// s_bitreplicate_b64_b32: D[2i] = D[2i+1] = S0[i] for i = 0..31.
uint32_t x = S0; uint64_t r = 0;
for (int i = 0; i < 32; ++i) r |= uint64_t((x >> i) & 1) * (uint64_t(3) << (2 * i));
SDST64(r);
