// ds_bpermute_fi_b32: backward permute reading inactive source lanes too (no LDS access).
ds_permute(w, in, true, true);
