// Probe kernels of the VBUFFER assumptions (buffer.py).
#include "probe_kernel.h"


