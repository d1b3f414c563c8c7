// Kernels with different argument lists, for the loader's metadata tests
// (harness/emu/loader/tests). Expected offsets in test_codeobject.cpp are
// hand-derived from the AMDGPU kernarg layout rule: each explicit argument is
// placed at the next offset aligned to its natural alignment.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

struct Small { int a; char b; double c; };  // 16 bytes, align 8
struct Big { float v[10]; };                // 40 bytes, align 4

extern "C" __global__ void k_ptrs(float* out, const double* in, int* flags) {
  out[0] = (float)in[0];
  flags[0] = 1;
}

extern "C" __global__ void k_scalars(char c, short s, int i, long long l, float f,
                                     double d, unsigned char uc, bool b, int* out) {
  *out = c + s + i + (int)l + (int)f + (int)d + uc + b;
}

extern "C" __global__ void k_structs(Small s, Big big, int n, float* out) {
  out[n] = s.a + s.b + (float)s.c + big.v[n];
}

extern "C" __global__ void k_many(int a0, int a1, int a2, int a3, int a4, int a5, int a6,
                                  int a7, int a8, int a9, int a10, int a11, int a12,
                                  int a13, int a14, int a15, char a16, double a17,
                                  short a18, int* out) {
  *out = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 + a14 +
         a15 + a16 + (int)a17 + a18;
}

// Reads blockDim.x: code object v5/v6 hidden arguments follow `out`.
extern "C" __global__ void k_hidden(float* out) {
  unsigned i = __builtin_amdgcn_workitem_id_x() +
               __builtin_amdgcn_workgroup_id_x() * __builtin_amdgcn_workgroup_size_x();
  out[i] = 1.0f;
}

extern "C" __global__ void k_shared(float* out) {
  __shared__ float tile[1024];  // 4096 bytes of group segment
  unsigned t = __builtin_amdgcn_workitem_id_x();
  tile[t] = (float)t;
  __builtin_amdgcn_s_barrier();
  out[t] = tile[1023 - t];
}

extern "C" __global__ void k_noargs() {}
