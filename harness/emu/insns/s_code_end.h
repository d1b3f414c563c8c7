// s_code_end
code_end(w, in);
