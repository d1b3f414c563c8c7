// ds_consume: LDS dword at the offset -= number of active lanes; each active lane gets the old value.
ds_append(w, in, true);
