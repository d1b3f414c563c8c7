// HIP's vector types with the template structure of ROCm's hip/amd_detail/amd_hip_vector_types.h
// (HIP documentation, "Vector types"): float4 is HIP_vector_type<float, 4>, derived from
// HIP_vector_base<float, 4> (members x y z w over a `data` union, value_type, Native_vec_);
// ROCm's sizes and alignments; the operators (element-wise + - * / % ^ | & << >> ~ unary -,
// ++/--, a scalar on either side broadcast, == / != over all elements, an explicit
// one-value constructor that broadcasts); and a library's own HIP_vector_base
// specialisation (as rocWMMA registers HIP_vector_base<T, 8>) used through HIP_vector_type,
// on the device and on the host. Expected values are worked out by hand in the comments.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: vector types ok
// CHECK: PASS
#include "rdna4_test.h"

#include <type_traits>

// Layout: ROCm's (ext_vector_type for 1, 2, 4 elements: the size rounded up to a power of
// two; three elements: their size, aligned to one element).
static_assert(std::is_same<float4, HIP_vector_type<float, 4>>::value, "float4");
static_assert(std::is_base_of<HIP_vector_base<float, 4>, float4>::value, "base");
static_assert(std::is_same<int2::value_type, int>::value, "value_type");
static_assert(std::is_same<char1, HIP_vector_type<char, 1>>::value, "char1 is of char");
static_assert(sizeof(float1) == 4 && alignof(float1) == 4, "float1");
static_assert(sizeof(float2) == 8 && alignof(float2) == 8, "float2");
static_assert(sizeof(float3) == 12 && alignof(float3) == 4, "float3");
static_assert(sizeof(float4) == 16 && alignof(float4) == 16, "float4");
static_assert(sizeof(double4) == 32 && alignof(double4) == 32, "double4");
static_assert(sizeof(short3) == 6 && alignof(short3) == 2, "short3");
static_assert(sizeof(uchar4) == 4 && alignof(uchar4) == 4, "uchar4");
static_assert(sizeof(longlong2) == 16 && alignof(longlong2) == 16, "longlong2");
static_assert(std::is_trivially_copyable<float4>::value, "kernel arguments");
static_assert(!std::is_convertible<float, float4>::value, "the broadcast constructor is explicit");

// A library's own rank-8 vector of short, as rocWMMA's ROCWMMA_REGISTER_HIP_NATIVE_VECTOR_TYPE.
template <>
struct HIP_vector_base<short, 8> {
  using Native_vec_ = short __attribute__((ext_vector_type(8)));
  union {
    Native_vec_ data;
  };
  using value_type = short;
  __host__ __device__ HIP_vector_base() = default;
  template <typename... A, typename std::enable_if<sizeof...(A) == 8>::type* = nullptr>
  __host__ __device__ constexpr HIP_vector_base(A... a) : data{a...} {}
  __host__ __device__ constexpr explicit HIP_vector_base(short v) : data{v, v, v, v, v, v, v, v} {}
};
using short8 = HIP_vector_type<short, 8>;

// out[0..3]: float4 arithmetic; out[4..7]: int4 bit operations; out[8..15]: the short8;
// out[16]: comparisons packed in bits.
__host__ __device__ void compute(float* f, int* i) {
  float4 a(1.0f, 2.0f, 3.0f, 4.0f), b = make_float4(0.5f, 0.25f, 2.0f, -1.0f);
  float4 r = (a + b) * 2.0f - 1.0f / b;  // (1.5,2.25,5,3)*2 - (2,4,0.5,-1) = (1,0.5,9.5,7)
  r += float4(1.0f);                     // (2,1.5,10.5,8)
  ++r;                                   // (3,2.5,11.5,9)
  r = -r;                                // (-3,-2.5,-11.5,-9)
  f[0] = r.x, f[1] = r.y, f[2] = r.z, f[3] = r.w;
  int4 p(12, 7, -8, 5), q = make_int4(5, 3, 2, 1);
  int4 s = ((p % q) ^ (q << 1)) | (p & q);  // p%q=(2,1,0,0); q<<1=(10,6,4,2); ^=(8,7,4,2); p&q=(4,3,0,1); |=(12,7,4,3)
  s = s + (~q >> 1);                         // ~q=(-6,-4,-3,-2) >> 1 = (-3,-2,-2,-1): (9,5,2,2)
  i[4] = s.x, i[5] = s.y, i[6] = s.z, i[7] = s.w;
  short8 v(short(1), short(2), short(3), short(4), short(5), short(6), short(7), short(8));
  v *= short8(short(3));  // (3,6,...,24)
  v -= 1;                 // a scalar converted and broadcast: (2,5,8,11,14,17,20,23)
  for (int k = 0; k < 8; ++k) i[8 + k] = v.data[k];
  int bits = 0;
  bits |= (a == float4(1.0f, 2.0f, 3.0f, 4.0f)) << 0;  // 1
  bits |= (a != a) << 1;                              // 0
  bits |= (int3(4) == make_int3(4, 4, 4)) << 2;       // 1
  bits |= (float2(1.0f, 2.0f) == 1.0f) << 3;          // 0: the scalar is broadcast
  bits |= (uint2(7u, 7u) == 7u) << 4;                 // 1
  i[16] = bits;
}

__global__ void kernel(float* f, int* i) { compute(f, i); }

int main() {
  rdna4_test_begin();
  float* df;
  int* di;
  RDNA4_HIP_CHECK(hipMalloc(&df, 4 * sizeof(float)));
  RDNA4_HIP_CHECK(hipMalloc(&di, 17 * sizeof(int)));
  hipLaunchKernelGGL(kernel, dim3(1), dim3(1), 0, 0, df, di);
  RDNA4_HIP_CHECK(hipGetLastError());
  float f[4], hf[4];
  int i[17], hi[17];
  RDNA4_HIP_CHECK(hipMemcpy(f, df, sizeof f, hipMemcpyDeviceToHost));
  RDNA4_HIP_CHECK(hipMemcpy(i, di, sizeof i, hipMemcpyDeviceToHost));
  compute(hf, hi);
  const float wf[4] = {-3.0f, -2.5f, -11.5f, -9.0f};
  const int wi[17] = {0, 0, 0, 0, 9, 5, 2, 2, 2, 5, 8, 11, 14, 17, 20, 23, 0x15};
  int bad = 0;
  for (int k = 0; k < 4; ++k) {
    RDNA4_EXPECT(f[k] == wf[k] && hf[k] == wf[k], "float4[%d]: device %g host %g want %g", k, f[k], hf[k], wf[k]);
    bad += !(f[k] == wf[k] && hf[k] == wf[k]);
  }
  for (int k = 4; k < 17; ++k) {
    RDNA4_EXPECT(i[k] == wi[k] && hi[k] == wi[k], "int[%d]: device %d host %d want %d", k, i[k], hi[k], wi[k]);
    bad += !(i[k] == wi[k] && hi[k] == wi[k]);
  }
  if (!bad) std::printf("vector types ok\n");
  return rdna4_test_end();
}
