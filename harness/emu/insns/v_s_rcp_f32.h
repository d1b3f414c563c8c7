// v_s_rcp_f32: Scalar-destination transcendental (VOP3 encoding); correctly rounded here.
SDST(as_u(sflt(w, 1.0f / sflt(w, as_f(S0)))));
