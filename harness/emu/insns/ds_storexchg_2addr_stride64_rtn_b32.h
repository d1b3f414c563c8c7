// ds_storexchg_2addr_stride64_rtn_b32: as ds_storexchg_2addr_rtn_b32 with offsets in units of 256 bytes.
ds_storexchg_2addr<mem::b32, 64>(w, in);
