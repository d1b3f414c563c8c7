// Mutation-test kernel (hazard checking, core/HAZARDS.md): waves exchange data through LDS across a
// fenced barrier (__syncthreads as HIP defines it), then reduce.
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))

static __attribute__((device)) inline void sync_threads() {
  __builtin_amdgcn_fence(__ATOMIC_RELEASE, "workgroup");
  __builtin_amdgcn_s_barrier();
  __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "workgroup");
}

extern "C" __global__ void lds_exchange(const int* in, int* out, int scale) {
  __shared__ int s[256];
  int t = __builtin_amdgcn_workitem_id_x();
  s[t] = in[t] * scale + 1;
  sync_threads();
  int v = s[(t + 64) & 255] + s[255 - t];
  sync_threads();
  s[t] = v;
  sync_threads();
  out[t] = s[(t + 32) & 255] - s[t ^ 1];
}
