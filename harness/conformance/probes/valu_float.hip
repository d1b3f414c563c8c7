// Probe kernels of the float VALU result and conversion-mode assumptions (valu_float.py).
#include "probe_kernel.h"


