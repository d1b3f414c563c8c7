// ds_storexchg_2addr_stride64_rtn_b64: as ds_storexchg_2addr_rtn_b64 with offsets in units of 512 bytes.
ds_storexchg_2addr<mem::b64, 64>(w, in);
