// v_cmp_class_f16: S1 is a mask of classes of S0 (semantics.h fclass_bit); result to VCC / sdst.
vop_cmp_class_f16(w, in);
