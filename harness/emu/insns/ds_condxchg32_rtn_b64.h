// ds_condxchg32_rtn_b64: per dword of the aligned pair, replaced when the data dword has bit 31 set; returns the old pair.
ds_condxchg32(w, in);
