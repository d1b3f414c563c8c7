// ds_permute_b32: forward permute: lane i's data0 goes to lane (addr[i] + offset) / 4 mod wave size (no LDS access).
ds_permute(w, in, false, false);
