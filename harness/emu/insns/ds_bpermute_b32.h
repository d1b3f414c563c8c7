// ds_bpermute_b32: D[lane] = data0[(addr[lane] + offset) / 4 mod wave size] (backward permute; no LDS access).
// Source lanes outside EXEC read as 0.
ds_permute(w, in, true, false);
