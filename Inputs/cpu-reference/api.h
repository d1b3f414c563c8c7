// The plain C++ interface between a runtime test's translation unit and
// librdna4ref (the CPU reference, case catalogue and checking code, compiled
// once per build by CMake: Inputs/cpu-reference/CMakeLists.txt).
//
// A test TU (compiled by the toolchain under test) holds its kernels, the
// builtin calls and a thin main(); it hands the kernels to the library through
// the entry points below together with a DeviceOps table: the library itself
// calls no HIP function, every allocation, copy and launch goes back through
// that table into HIP code of the test's own TU (Inputs/runtime/rdna4_test.h),
// so registration and launch stay under test. Only plain types cross this
// boundary (no std::string/std::vector), so the library may be built by any
// C++17 compiler with the libstdc++ ABI (g++ or clang++).
//
// Test-facing header: Inputs/cpu-reference/rdna4ref.h (it includes this one).
// Host and device C++17, no HIP, no standard library beyond <cstddef>/<cstdint>.
#pragma once

#include <cstddef>
#include <cstdint>

// Modifier bits a test kernel template is instantiated with.
enum WtMod : int {
  WT_PLAIN = 0,
  WT_NEG_A = 1,   // float: -a  (compiler folds into neg_lo/neg_hi bit 0)
  WT_NEG_B = 2,   // float: -b
  WT_NEG_C = 4,   // float: -c  (neg_lo bit 2)
  WT_ABS_C = 8,   // float: fabs(c) (neg_hi bit 2)
  WT_SIGN_A = 16, // integer: A signed
  WT_SIGN_B = 32, // integer: B signed
  WT_CLAMP = 64,  // integer: clamp
};

namespace ref {
// Element kinds of A/B operands (they determine the layout: fragments.h).
enum class AB { B16, B8, B4x16, B4x32 };

constexpr const char* kTrB64Status =
    "UNVERIFIED model (docs/facts/transpose.md#transpose-b64, inferred from CK addressing; no hardware measurement)";
}  // namespace ref

namespace wt {
// Element and accumulator formats (cases.h has their properties).
enum class Elem { F16, BF16, FP8, BF8, I8, I4 };
enum class Acc { F32, F16, BF16, I32 };

// A dense WMMA builtin (driver: wmma_dense.h).
struct Spec {
  const char* builtin;
  Elem a, b;
  Acc acc;
  ref::AB layout;
  int wave = 32;  // 32: *_w32_gfx12 builtins; 64: *_w64_gfx12 (compiled with -mwavefrontsize64)
};

// One kernel instantiation of a test and the modifiers it applies.
struct Variant {
  const void* kernel;
  int mods;  // WtMod bits
};
}  // namespace wt

namespace sp {
// SWMMAC operand kinds (driver: sparse.h).
enum class Kind { B16, B8, B4x32, B4x64 };

struct Spec {
  const char* builtin;
  wt::Elem a, b;
  wt::Acc acc;
  Kind kind;
  int wave;
  wt::Spec dense() const { return wt::Spec{builtin, a, b, acc, ref::AB::B16, wave}; }
};

struct Variant {
  const void* kernel;
  int mods;  // WtMod bits
  int key;   // index_key the kernel selects (by shifting the index word)
};
}  // namespace sp

namespace tr {
enum class Kind { B128, B64 };  // wave32 transpose loads (driver: load_tr.h)
}
namespace tr64 {
enum class Kind { B128, B64 };  // wave64 transpose loads (driver: load_tr_w64.h)
}

namespace gemm_host {
// The GEMM examples (runtime/gemm; reference: gemm_ref.h).
enum class Elem { F16, BF16, I8 };
struct Size {
  int m, n, k;
};
struct Outcome {
  bool ok = true, rejected = false;
  double worst_err = 0, worst_bound = 0, worst_ratio = 0;
  double ms = 0;  // hardware timing (mean per launch)
};
struct ProblemData;  // inputs and exact product, owned by librdna4ref
}  // namespace gemm_host

namespace rt {

// A launch geometry: from unsigned (1-D) or from anything with x, y, z (HIP's dim3).
struct Dim {
  unsigned x = 1, y = 1, z = 1;
  Dim(unsigned x_ = 1, unsigned y_ = 1, unsigned z_ = 1) : x(x_), y(y_), z(z_) {}
  template <class D, class = decltype(D::x), class = decltype(D::z)>
  Dim(const D& d) : x(unsigned(d.x)), y(unsigned(d.y)), z(unsigned(d.z)) {}
};

// What the library needs from the device, implemented with HIP in the test's
// TU (rdna4_test.h: rdna4_hip_ops()). Every function except try_launch ends
// the program with a "FAIL: ..." line on a HIP error.
struct DeviceOps {
  // "emu" or "hw", gcnArchName up to the first ':', hipDeviceProp_t::name.
  void (*describe)(const char** label, const char** arch, const char** name);
  void* (*alloc)(size_t bytes);
  void (*release)(void* p);
  void (*to_device)(void* dst, const void* src, size_t bytes);
  void (*to_host)(void* dst, const void* src, size_t bytes);
  void (*fill)(void* dst, int byte, size_t bytes);
  // Launch and wait; a launch fault ends the program (launch) or is printed
  // as "FAIL: <what>: launch failed: ..." and returned as false (try_launch).
  void (*launch)(const void* kernel, Dim grid, Dim block, void** args, size_t shmem);
  bool (*try_launch)(const char* what, const void* kernel, Dim grid, Dim block, void** args,
                     size_t shmem);
};

}  // namespace rt

// Entry points of librdna4ref. Each prints the test's report and returns the
// process exit status (0 PASS, 1 FAIL).
namespace rdna4ref {
int wmma_dense_run(const wt::Spec& spec, const wt::Variant* variants, size_t n, unsigned seed,
                   const rt::DeviceOps& ops);
int swmmac_run(const sp::Spec& spec, const sp::Variant* variants, size_t n, unsigned seed,
               const rt::DeviceOps& ops);
int load_tr_run(const char* builtin, tr::Kind kind, const void* kernel, const char* model_status,
                const rt::DeviceOps& ops);
int load_tr_w64_run(const char* builtin, tr64::Kind kind, const void* kernel, const rt::DeviceOps& ops);

// GEMM examples: a problem of size s with inputs from `seed` (and its exact product unless
// full_reference is false: then check() samples 512 elements); its A or B (which = 0 or 1) as
// raw element bytes; the check of a device result C (float or int32, m*n row-major) that
// prints the first mismatches and fills o's worst-error figures. gemm_free releases it.
gemm_host::ProblemData* gemm_problem(gemm_host::Elem e, gemm_host::Size s, unsigned seed, bool full_reference);
void gemm_free(gemm_host::ProblemData* p);
const void* gemm_input(const gemm_host::ProblemData* p, int which, size_t* bytes);
bool gemm_check(const gemm_host::ProblemData* p, const char* policy, const float* cf, const int32_t* ci,
                gemm_host::Outcome* o);

// A transpose-load kernel of a layout probe (runtime/layout/global_load_tr*_layout.hip).
struct TrKernel {
  const char* builtin;
  const void* kernel;
  bool b128;
};
// Layout probes (runtime/layout; method, JSON schema, kernel ABIs: layout_probe.h): measure
// where the operand fields land, write the JSON file (argv[1], $RDNA4_LAYOUT_DIR, /tmp),
// compare with the documented layouts. kernels[key] selects index set `key` (nullptr: not
// probed); the transpose probes take the four kernels b128 f16, i16, bf16 and b64.
int probe_wmma(const char* probe_name, const wt::Spec& spec, const char* instruction, const void* kernel,
               int argc, char** argv, const rt::DeviceOps& ops);
int probe_swmmac(const char* probe_name, const sp::Spec& spec, const char* instruction,
                 const void* const* kernels, size_t n, int argc, char** argv, const rt::DeviceOps& ops);
int probe_tr(const char* probe_name, const TrKernel* kernels, size_t n, int argc, char** argv,
             const rt::DeviceOps& ops);
int probe_tr_w64(const char* probe_name, const TrKernel* kernels, size_t n, int argc, char** argv,
                 const rt::DeviceOps& ops);

// Hook for a measured model candidate: the value of $RDNA4_REF_MODEL, or nullptr when it is
// unset or empty. Nothing in the reference consults it yet; a driver that learns to take a
// candidate (e.g. a measured layout) reads it here, in one place, and prints what it used.
const char* model_candidate();
}  // namespace rdna4ref
