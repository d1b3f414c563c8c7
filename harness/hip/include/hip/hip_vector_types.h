// <hip/hip_vector_types.h> for the RDNA4 emulator path (hipemu).
//
// HIP's short vector types (HIP documentation, "Vector types"), with the template
// structure of ROCm's hip/amd_detail/amd_hip_vector_types.h, which libraries specialise
// (rocWMMA registers HIP_vector_base<T, N> for its own element types and ranks):
//
//   template <typename T, unsigned int n> struct HIP_vector_base;   // n = 1, 2, 3, 4 here
//     union { Native_vec_ data; struct { T x, y, z, w; }; };   (as many members as n)
//     using Native_vec_ = T __attribute__((ext_vector_type(n)))   (n = 1, 2, 4), and for
//       n = 3 a struct of T d[3] with operator[] and the compound operators (so that a
//       3-element vector is 3 elements long, not 4);
//     using value_type = T; explicit HIP_vector_base(T) broadcasts; HIP_vector_base(T...)
//       takes one value per element.
//   template <typename T, unsigned int n> struct HIP_vector_type : HIP_vector_base<T, n>
//     explicit HIP_vector_type(U) (U convertible to T: every element), HIP_vector_type(Us...)
//     (n > 1, one per element, each static_cast to T), ++ -- += -= *= /= (vector or scalar),
//     unary - (signed T), ~ %= ^= |= &= >>= <<= (integral T); free + - * / (vector op
//     vector, vector op scalar, scalar op vector), == != (true when every element is equal;
//     a scalar is broadcast), % ^ | & >> << (integral T).
//   float2 = HIP_vector_type<float, 2>, ... for {char, uchar, short, ushort, int, uint, long,
//   ulong, longlong, ulonglong, float, double} x {1, 2, 3, 4}, and make_<type><n>(...).
//
// Sizes and alignments are ROCm's: an n = 1, 2, 4 vector is an ext_vector_type (aligned to
// its size, rounded up to a power of two), an n = 3 vector is three elements aligned to one.
// A compiler without ext_vector_type (g++ building a host-only file) gets an array and the
// same alignment (alignas of the size rounded up to a power of two), as ROCm's header does.
// Usable from plain C++ and from -x hip (host and device). C++ only.
#ifndef HIPEMU_HIP_VECTOR_TYPES_H
#define HIPEMU_HIP_VECTOR_TYPES_H

#include "hip/hipemu_attributes.h"  // also when this header comes before <hip/hip_runtime.h>

#include <type_traits>

#if defined(__has_attribute)
#if __has_attribute(ext_vector_type)
#define __HIPEMU_NATIVE_VECTORS 1
#endif
#endif
#ifndef __HIPEMU_NATIVE_VECTORS
#define __HIPEMU_NATIVE_VECTORS 0
#endif

#define __HIPEMU_VHD __host__ __device__

namespace __hipemu {
constexpr unsigned int vec_pot(unsigned int x) { return x <= 1 ? 1 : 2 * vec_pot((x + 1) / 2); }

// Array storage: the n = 3 Native_vec_, and every rank without ext_vector_type.
template <typename T, unsigned int n>
struct vec_array {
  T d[n];
  __HIPEMU_VHD T& operator[](unsigned int i) noexcept { return d[i]; }
  __HIPEMU_VHD constexpr const T& operator[](unsigned int i) const noexcept { return d[i]; }
#define __HIPEMU_ARRAY_OP(OP)                                                   \
  __HIPEMU_VHD vec_array& operator OP(const vec_array& o) noexcept {            \
    for (unsigned int i = 0; i < n; ++i) d[i] OP o.d[i];                         \
    return *this;                                                               \
  }
  __HIPEMU_ARRAY_OP(+=)
  __HIPEMU_ARRAY_OP(-=)
  __HIPEMU_ARRAY_OP(*=)
  __HIPEMU_ARRAY_OP(/=)
  __HIPEMU_ARRAY_OP(%=)
  __HIPEMU_ARRAY_OP(^=)
  __HIPEMU_ARRAY_OP(|=)
  __HIPEMU_ARRAY_OP(&=)
  __HIPEMU_ARRAY_OP(>>=)
  __HIPEMU_ARRAY_OP(<<=)
#undef __HIPEMU_ARRAY_OP
  __HIPEMU_VHD vec_array operator-() const noexcept {
    vec_array r;
    for (unsigned int i = 0; i < n; ++i) r.d[i] = -d[i];
    return r;
  }
  __HIPEMU_VHD vec_array operator~() const noexcept {
    vec_array r;
    for (unsigned int i = 0; i < n; ++i) r.d[i] = ~d[i];
    return r;
  }
};

#if __HIPEMU_NATIVE_VECTORS
template <typename T, unsigned int n>
struct native_vec {
  using type = T __attribute__((ext_vector_type(n)));
};
template <typename T>
struct native_vec<T, 3> {
  using type = vec_array<T, 3>;
};
#define __HIPEMU_UNION_ALIGN(T, n)
#else
template <typename T, unsigned int n>
struct native_vec {
  using type = vec_array<T, n>;
};
#define __HIPEMU_UNION_ALIGN(T, n) alignas(::__hipemu::vec_pot(n * sizeof(T)))
#endif
}  // namespace __hipemu

template <typename T, unsigned int n>
struct HIP_vector_base;

template <typename T>
struct HIP_vector_base<T, 1> {
  using Native_vec_ = typename __hipemu::native_vec<T, 1>::type;
  union {
    Native_vec_ data;
    struct {
      T x;
    };
  };
  using value_type = T;
  __HIPEMU_VHD HIP_vector_base() = default;
  __HIPEMU_VHD explicit constexpr HIP_vector_base(T x_) noexcept : data{x_} {}
  __HIPEMU_VHD constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __HIPEMU_VHD constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __HIPEMU_VHD ~HIP_vector_base() = default;
  __HIPEMU_VHD HIP_vector_base& operator=(const HIP_vector_base&) = default;
};

template <typename T>
struct HIP_vector_base<T, 2> {
  using Native_vec_ = typename __hipemu::native_vec<T, 2>::type;
  union __HIPEMU_UNION_ALIGN(T, 2) {
    Native_vec_ data;
    struct {
      T x;
      T y;
    };
  };
  using value_type = T;
  __HIPEMU_VHD HIP_vector_base() = default;
  __HIPEMU_VHD explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_} {}
  __HIPEMU_VHD constexpr HIP_vector_base(T x_, T y_) noexcept : data{x_, y_} {}
  __HIPEMU_VHD constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __HIPEMU_VHD constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __HIPEMU_VHD ~HIP_vector_base() = default;
  __HIPEMU_VHD HIP_vector_base& operator=(const HIP_vector_base&) = default;
};

template <typename T>
struct HIP_vector_base<T, 3> {
  using Native_vec_ = __hipemu::vec_array<T, 3>;
  union {
    Native_vec_ data;
    struct {
      T x;
      T y;
      T z;
    };
  };
  using value_type = T;
  __HIPEMU_VHD HIP_vector_base() = default;
  __HIPEMU_VHD explicit constexpr HIP_vector_base(T x_) noexcept : data{{x_, x_, x_}} {}
  __HIPEMU_VHD constexpr HIP_vector_base(T x_, T y_, T z_) noexcept : data{{x_, y_, z_}} {}
  __HIPEMU_VHD constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __HIPEMU_VHD constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __HIPEMU_VHD ~HIP_vector_base() = default;
  __HIPEMU_VHD HIP_vector_base& operator=(const HIP_vector_base&) = default;
  __HIPEMU_VHD HIP_vector_base& operator=(HIP_vector_base&&) = default;
};

template <typename T>
struct HIP_vector_base<T, 4> {
  using Native_vec_ = typename __hipemu::native_vec<T, 4>::type;
  union __HIPEMU_UNION_ALIGN(T, 4) {
    Native_vec_ data;
    struct {
      T x;
      T y;
      T z;
      T w;
    };
  };
  using value_type = T;
  __HIPEMU_VHD HIP_vector_base() = default;
  __HIPEMU_VHD explicit constexpr HIP_vector_base(T x_) noexcept : data{x_, x_, x_, x_} {}
  __HIPEMU_VHD constexpr HIP_vector_base(T x_, T y_, T z_, T w_) noexcept
      : data{x_, y_, z_, w_} {}
  __HIPEMU_VHD constexpr HIP_vector_base(const HIP_vector_base&) = default;
  __HIPEMU_VHD constexpr HIP_vector_base(HIP_vector_base&&) = default;
  __HIPEMU_VHD ~HIP_vector_base() = default;
  __HIPEMU_VHD HIP_vector_base& operator=(const HIP_vector_base&) = default;
};

template <typename T, unsigned int rank>
struct HIP_vector_type : public HIP_vector_base<T, rank> {
  using HIP_vector_base<T, rank>::data;
  using typename HIP_vector_base<T, rank>::Native_vec_;

  __HIPEMU_VHD HIP_vector_type() = default;
  template <typename U, typename std::enable_if<std::is_convertible<U, T>::value>::type* = nullptr>
  __HIPEMU_VHD explicit constexpr HIP_vector_type(U x_) noexcept
      : HIP_vector_base<T, rank>{static_cast<T>(x_)} {}
  template <typename... Us,
            typename std::enable_if<(rank > 1) && sizeof...(Us) == rank>::type* = nullptr>
  __HIPEMU_VHD constexpr HIP_vector_type(Us... xs) noexcept
      : HIP_vector_base<T, rank>{static_cast<T>(xs)...} {}
  __HIPEMU_VHD constexpr HIP_vector_type(const HIP_vector_type&) = default;
  __HIPEMU_VHD constexpr HIP_vector_type(HIP_vector_type&&) = default;
  __HIPEMU_VHD ~HIP_vector_type() = default;
  __HIPEMU_VHD HIP_vector_type& operator=(const HIP_vector_type&) = default;
  __HIPEMU_VHD HIP_vector_type& operator=(HIP_vector_type&&) = default;

  __HIPEMU_VHD HIP_vector_type& operator++() noexcept { return *this += HIP_vector_type{1}; }
  __HIPEMU_VHD HIP_vector_type operator++(int) noexcept {
    auto tmp(*this);
    ++*this;
    return tmp;
  }
  __HIPEMU_VHD HIP_vector_type& operator--() noexcept { return *this -= HIP_vector_type{1}; }
  __HIPEMU_VHD HIP_vector_type operator--(int) noexcept {
    auto tmp(*this);
    --*this;
    return tmp;
  }

#define __HIPEMU_VEC_COMPOUND(OP)                                                        \
  __HIPEMU_VHD HIP_vector_type& operator OP(const HIP_vector_type& o) noexcept {         \
    data OP o.data;                                                                      \
    return *this;                                                                        \
  }                                                                                      \
  template <typename U,                                                                  \
            typename std::enable_if<std::is_convertible<U, T>{}>::type* = nullptr>       \
  __HIPEMU_VHD HIP_vector_type& operator OP(U o) noexcept {                              \
    return *this OP HIP_vector_type{o};                                                  \
  }
  __HIPEMU_VEC_COMPOUND(+=)
  __HIPEMU_VEC_COMPOUND(-=)
  __HIPEMU_VEC_COMPOUND(*=)
  __HIPEMU_VEC_COMPOUND(/=)
#undef __HIPEMU_VEC_COMPOUND

  template <typename U = T, typename std::enable_if<std::is_signed<U>{}>::type* = nullptr>
  __HIPEMU_VHD HIP_vector_type operator-() const noexcept {
    auto tmp(*this);
    tmp.data = -tmp.data;
    return tmp;
  }
  template <typename U = T, typename std::enable_if<std::is_integral<U>{}>::type* = nullptr>
  __HIPEMU_VHD HIP_vector_type operator~() const noexcept {
    HIP_vector_type r{*this};
    r.data = ~r.data;
    return r;
  }
#define __HIPEMU_VEC_INT_COMPOUND(OP)                                                    \
  template <typename U = T, typename std::enable_if<std::is_integral<U>{}>::type* = nullptr> \
  __HIPEMU_VHD HIP_vector_type& operator OP(const HIP_vector_type& o) noexcept {         \
    data OP o.data;                                                                      \
    return *this;                                                                        \
  }
  __HIPEMU_VEC_INT_COMPOUND(%=)
  __HIPEMU_VEC_INT_COMPOUND(^=)
  __HIPEMU_VEC_INT_COMPOUND(|=)
  __HIPEMU_VEC_INT_COMPOUND(&=)
  __HIPEMU_VEC_INT_COMPOUND(>>=)
  __HIPEMU_VEC_INT_COMPOUND(<<=)
#undef __HIPEMU_VEC_INT_COMPOUND
};

// Binary operators: vector op vector, vector op scalar, scalar op vector (the scalar is
// broadcast), as ROCm's.
#define __HIPEMU_VEC_BINARY(OP, ENABLE)                                                  \
  template <typename T, unsigned int n, ENABLE>                                          \
  __HIPEMU_VHD inline constexpr HIP_vector_type<T, n> operator OP(                       \
      const HIP_vector_type<T, n>& x, const HIP_vector_type<T, n>& y) noexcept {         \
    return HIP_vector_type<T, n>{x} OP##= y;                                             \
  }                                                                                      \
  template <typename T, unsigned int n, typename U, ENABLE>                              \
  __HIPEMU_VHD inline constexpr HIP_vector_type<T, n> operator OP(                       \
      const HIP_vector_type<T, n>& x, U y) noexcept {                                    \
    return HIP_vector_type<T, n>{x} OP##= HIP_vector_type<T, n>{y};                      \
  }                                                                                      \
  template <typename T, unsigned int n, typename U, ENABLE>                              \
  __HIPEMU_VHD inline constexpr HIP_vector_type<T, n> operator OP(                       \
      U x, const HIP_vector_type<T, n>& y) noexcept {                                    \
    return HIP_vector_type<T, n>{x} OP##= y;                                             \
  }
#define __HIPEMU_ANY typename = void
#define __HIPEMU_INTEGRAL typename std::enable_if<std::is_integral<T>{}>::type* = nullptr
__HIPEMU_VEC_BINARY(+, __HIPEMU_ANY)
__HIPEMU_VEC_BINARY(-, __HIPEMU_ANY)
__HIPEMU_VEC_BINARY(*, __HIPEMU_ANY)
__HIPEMU_VEC_BINARY(/, __HIPEMU_ANY)
__HIPEMU_VEC_BINARY(%, __HIPEMU_INTEGRAL)
__HIPEMU_VEC_BINARY(^, __HIPEMU_INTEGRAL)
__HIPEMU_VEC_BINARY(|, __HIPEMU_INTEGRAL)
__HIPEMU_VEC_BINARY(&, __HIPEMU_INTEGRAL)
__HIPEMU_VEC_BINARY(>>, __HIPEMU_INTEGRAL)
__HIPEMU_VEC_BINARY(<<, __HIPEMU_INTEGRAL)
#undef __HIPEMU_ANY
#undef __HIPEMU_INTEGRAL
#undef __HIPEMU_VEC_BINARY

template <typename T, unsigned int n>
__HIPEMU_VHD inline constexpr bool operator==(const HIP_vector_type<T, n>& x,
                                              const HIP_vector_type<T, n>& y) noexcept {
  for (unsigned int i = 0; i < n; ++i)
    if (!(x.data[i] == y.data[i])) return false;
  return true;
}
template <typename T, unsigned int n, typename U>
__HIPEMU_VHD inline constexpr bool operator==(const HIP_vector_type<T, n>& x, U y) noexcept {
  return x == HIP_vector_type<T, n>{y};
}
template <typename T, unsigned int n, typename U>
__HIPEMU_VHD inline constexpr bool operator==(U x, const HIP_vector_type<T, n>& y) noexcept {
  return HIP_vector_type<T, n>{x} == y;
}
template <typename T, unsigned int n>
__HIPEMU_VHD inline constexpr bool operator!=(const HIP_vector_type<T, n>& x,
                                              const HIP_vector_type<T, n>& y) noexcept {
  return !(x == y);
}
template <typename T, unsigned int n, typename U>
__HIPEMU_VHD inline constexpr bool operator!=(const HIP_vector_type<T, n>& x, U y) noexcept {
  return !(x == y);
}
template <typename T, unsigned int n, typename U>
__HIPEMU_VHD inline constexpr bool operator!=(U x, const HIP_vector_type<T, n>& y) noexcept {
  return !(x == y);
}

#define __HIPEMU_VEC_NAMES(N, T)            \
  using N##1 = HIP_vector_type<T, 1>;       \
  using N##2 = HIP_vector_type<T, 2>;       \
  using N##3 = HIP_vector_type<T, 3>;       \
  using N##4 = HIP_vector_type<T, 4>;       \
  static inline __HIPEMU_VHD N##1 make_##N##1(T x) { return N##1{x}; } \
  static inline __HIPEMU_VHD N##2 make_##N##2(T x, T y) { return N##2{x, y}; } \
  static inline __HIPEMU_VHD N##3 make_##N##3(T x, T y, T z) { return N##3{x, y, z}; } \
  static inline __HIPEMU_VHD N##4 make_##N##4(T x, T y, T z, T w) { return N##4{x, y, z, w}; }

__HIPEMU_VEC_NAMES(uchar, unsigned char)
__HIPEMU_VEC_NAMES(char, char)
__HIPEMU_VEC_NAMES(ushort, unsigned short)
__HIPEMU_VEC_NAMES(short, short)
__HIPEMU_VEC_NAMES(uint, unsigned int)
__HIPEMU_VEC_NAMES(int, int)
__HIPEMU_VEC_NAMES(ulong, unsigned long)
__HIPEMU_VEC_NAMES(long, long)
__HIPEMU_VEC_NAMES(ulonglong, unsigned long long)
__HIPEMU_VEC_NAMES(longlong, long long)
__HIPEMU_VEC_NAMES(float, float)
__HIPEMU_VEC_NAMES(double, double)
#undef __HIPEMU_VEC_NAMES

#undef __HIPEMU_UNION_ALIGN
#undef __HIPEMU_VHD

#endif  // HIPEMU_HIP_VECTOR_TYPES_H
