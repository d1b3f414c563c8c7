// ds_nop: no operation (still counted on DScnt).
