// A compile error (the run must report the build as FAIL with the compiler's message).
#include <hip/hip_runtime.h>

__global__ void k(int* p) { *p = undeclared_name; }

int main() { return 0; }
