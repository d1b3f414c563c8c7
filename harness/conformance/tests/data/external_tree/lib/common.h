#pragma once
// Shared by the programs of the "shared" group (compiled once from lib/common.hip).
void scale_on_device(float* host, int n, float factor);  // host[i] *= factor, on the device
