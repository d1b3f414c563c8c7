// s_branch
branch(w, in);
