// s_denorm_mode: MODE[7:4] (f32 and f16/f64 denormal modes) = simm16[3:0].
set_mode(w, (w.mode & ~0xf0u) | ((uint32_t(in.imm) & 0xfu) << 4));
