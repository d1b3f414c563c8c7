// ds_swizzle_b32: cross-lane read within groups of 32 lanes by the offset pattern (no LDS access).
ds_swizzle(w, in);
