// Probe kernels of the packed-math and dot-product assumptions (vop3p.py).
#include "probe_kernel.h"


