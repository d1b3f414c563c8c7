// v_cvt_off_f32_i4: S0[3:0] as a signed 4-bit integer, divided by 16 (-0.5 .. 0.4375).
// The pseudocode names a table (CVT_OFF_TABLE) without listing it; the values follow the
// ISA guide's description (UNVERIFIED model cvt_off_f32_i4_table). Candidates:
// unsigned: S0[3:0] unsigned / 16 (0 .. 0.9375); offset_binary: (S0[3:0] - 8) / 16.
using K = model::CvtOffF32I4Table;
static const K k = model::active<K>();
if (__builtin_expect(k == K::Signed, 1)) vop_f32_from_bits(w, in, [](uint32_t x) { return float(int32_t(x << 28) >> 28) / 16.0f; });
else vop_f32_from_bits(w, in, [](uint32_t x) { return float(int32_t(x & 15) - (k == K::OffsetBinary ? 8 : 0)) / 16.0f; });
