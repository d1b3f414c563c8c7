// v_pipeflush: no architectural effect (AMD RDNA4 ISA reference guide, V_PIPEFLUSH).
