// <hip/hip_vector_types.h> for the RDNA4 emulator path (hipemu).
//
// HIP's short vector types (HIP documentation, "Vector types"): {char, uchar, short,
// ushort, int, uint, long, ulong, longlong, ulonglong, float, double} x {1, 2, 3, 4},
// members x, y, z, w, with make_<type><n>(...) and element-wise + - * / (and the
// compound forms) and ==/!= (all members equal). Sizes and alignments are ROCm's:
// a 2- or 4-element vector is aligned to its size, a 3-element one to its element.
// Usable from plain C++ and from -x hip (host and device).
#ifndef HIPEMU_HIP_VECTOR_TYPES_H
#define HIPEMU_HIP_VECTOR_TYPES_H

#include "hip/hipemu_attributes.h"  // also when this header comes before <hip/hip_runtime.h>

#define __HIPEMU_VHD static inline __host__ __device__

#define __HIPEMU_VEC_OPS(V, OP)                                                      \
  __HIPEMU_VHD V operator OP(V a, V b) { return __hipemu_vec_map(a, b, OP); }        \
  __HIPEMU_VHD V& operator OP##=(V & a, V b) { return a = a OP b; }

#define __HIPEMU_VEC1(N, T)                                                          \
  struct N##1 {                                                                      \
    T x;                                                                             \
  };                                                                                 \
  __HIPEMU_VHD N##1 make_##N##1(T x) { return N##1{x}; }                             \
  __HIPEMU_VHD bool operator==(N##1 a, N##1 b) { return a.x == b.x; }                \
  __HIPEMU_VHD bool operator!=(N##1 a, N##1 b) { return !(a == b); }
#define __HIPEMU_VEC2(N, T)                                                          \
  struct alignas(2 * sizeof(T)) N##2 {                                               \
    T x, y;                                                                          \
  };                                                                                 \
  __HIPEMU_VHD N##2 make_##N##2(T x, T y) { return N##2{x, y}; }                     \
  __HIPEMU_VHD bool operator==(N##2 a, N##2 b) { return a.x == b.x && a.y == b.y; }  \
  __HIPEMU_VHD bool operator!=(N##2 a, N##2 b) { return !(a == b); }
#define __HIPEMU_VEC3(N, T)                                                          \
  struct N##3 {                                                                      \
    T x, y, z;                                                                       \
  };                                                                                 \
  __HIPEMU_VHD N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; }             \
  __HIPEMU_VHD bool operator==(N##3 a, N##3 b) {                                     \
    return a.x == b.x && a.y == b.y && a.z == b.z;                                   \
  }                                                                                  \
  __HIPEMU_VHD bool operator!=(N##3 a, N##3 b) { return !(a == b); }
#define __HIPEMU_VEC4(N, T)                                                          \
  struct alignas(4 * sizeof(T)) N##4 {                                               \
    T x, y, z, w;                                                                    \
  };                                                                                 \
  __HIPEMU_VHD N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }     \
  __HIPEMU_VHD bool operator==(N##4 a, N##4 b) {                                     \
    return a.x == b.x && a.y == b.y && a.z == b.z && a.w == b.w;                     \
  }                                                                                  \
  __HIPEMU_VHD bool operator!=(N##4 a, N##4 b) { return !(a == b); }

#define __HIPEMU_ARITH(V, BODY)                                                      \
  __HIPEMU_VHD V operator+(V a, V b) { return V BODY(+); }                           \
  __HIPEMU_VHD V operator-(V a, V b) { return V BODY(-); }                           \
  __HIPEMU_VHD V operator*(V a, V b) { return V BODY(*); }                           \
  __HIPEMU_VHD V operator/(V a, V b) { return V BODY(/); }                           \
  __HIPEMU_VHD V& operator+=(V& a, V b) { return a = a + b; }                        \
  __HIPEMU_VHD V& operator-=(V& a, V b) { return a = a - b; }                        \
  __HIPEMU_VHD V& operator*=(V& a, V b) { return a = a * b; }                        \
  __HIPEMU_VHD V& operator/=(V& a, V b) { return a = a / b; }
#define __HIPEMU_B1(OP) {(decltype(a.x))(a.x OP b.x)}
#define __HIPEMU_B2(OP) {(decltype(a.x))(a.x OP b.x), (decltype(a.x))(a.y OP b.y)}
#define __HIPEMU_B3(OP) \
  {(decltype(a.x))(a.x OP b.x), (decltype(a.x))(a.y OP b.y), (decltype(a.x))(a.z OP b.z)}
#define __HIPEMU_B4(OP)                                                                  \
  {(decltype(a.x))(a.x OP b.x), (decltype(a.x))(a.y OP b.y), (decltype(a.x))(a.z OP b.z), \
   (decltype(a.x))(a.w OP b.w)}

#define __HIPEMU_VEC_ALL(N, T)                                                       \
  __HIPEMU_VEC1(N, T) __HIPEMU_VEC2(N, T) __HIPEMU_VEC3(N, T) __HIPEMU_VEC4(N, T)    \
  __HIPEMU_ARITH(N##1, __HIPEMU_B1) __HIPEMU_ARITH(N##2, __HIPEMU_B2)                \
  __HIPEMU_ARITH(N##3, __HIPEMU_B3) __HIPEMU_ARITH(N##4, __HIPEMU_B4)

__HIPEMU_VEC_ALL(char, signed char)
__HIPEMU_VEC_ALL(uchar, unsigned char)
__HIPEMU_VEC_ALL(short, short)
__HIPEMU_VEC_ALL(ushort, unsigned short)
__HIPEMU_VEC_ALL(int, int)
__HIPEMU_VEC_ALL(uint, unsigned int)
__HIPEMU_VEC_ALL(long, long)
__HIPEMU_VEC_ALL(ulong, unsigned long)
__HIPEMU_VEC_ALL(longlong, long long)
__HIPEMU_VEC_ALL(ulonglong, unsigned long long)
__HIPEMU_VEC_ALL(float, float)
__HIPEMU_VEC_ALL(double, double)

#undef __HIPEMU_VEC_ALL
#undef __HIPEMU_B1
#undef __HIPEMU_B2
#undef __HIPEMU_B3
#undef __HIPEMU_B4
#undef __HIPEMU_ARITH
#undef __HIPEMU_VEC1
#undef __HIPEMU_VEC2
#undef __HIPEMU_VEC3
#undef __HIPEMU_VEC4
#undef __HIPEMU_VEC_OPS
#undef __HIPEMU_VHD

#endif  // HIPEMU_HIP_VECTOR_TYPES_H
