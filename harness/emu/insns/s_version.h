// s_version: carries a version number for tools; no effect on the wave.
