// s_round_mode: MODE[3:0] (f32 and f16/f64 round modes) = simm16[3:0].
set_mode(w, (w.mode & ~0xfu) | (uint32_t(in.imm) & 0xfu));
