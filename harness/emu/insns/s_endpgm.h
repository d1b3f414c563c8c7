// s_endpgm
endpgm(w, in);
