// librdna4ref: the CPU reference, the case catalogue and the checking code of
// the runtime tests, compiled once per build (CMakeLists.txt here) instead of
// once per test and target. The entry points (api.h) install the test's device
// table and run the header-only drivers; nothing here calls HIP.
#include <cstdlib>
#include <vector>

#include "api.h"
#include "gemm_ref.h"
#include "layout_probe.h"
#include "load_tr.h"
#include "load_tr_w64.h"
#include "sparse.h"
#include "wmma_dense.h"

namespace rdna4ref {

int wmma_dense_run(const wt::Spec& spec, const wt::Variant* variants, size_t n, unsigned seed,
                   const rt::DeviceOps& ops) {
  rt::install(ops);
  return wt::drive(spec, std::vector<wt::Variant>(variants, variants + n), seed);
}

int swmmac_run(const sp::Spec& spec, const sp::Variant* variants, size_t n, unsigned seed,
               const rt::DeviceOps& ops) {
  rt::install(ops);
  return sp::drive(spec, std::vector<sp::Variant>(variants, variants + n), seed);
}

int load_tr_run(const char* builtin, tr::Kind kind, const void* kernel, const char* model_status,
                const rt::DeviceOps& ops) {
  rt::install(ops);
  return tr::drive(builtin, kind, kernel, model_status);
}

int load_tr_w64_run(const char* builtin, tr64::Kind kind, const void* kernel, const rt::DeviceOps& ops) {
  rt::install(ops);
  return tr64::drive(builtin, kind, kernel);
}

int probe_wmma(const char* probe_name, const wt::Spec& spec, const char* instruction, const void* kernel,
               int argc, char** argv, const rt::DeviceOps& ops) {
  rt::install(ops);
  return layout_probe::probe_wmma(probe_name, spec, instruction, kernel, argc, argv);
}

int probe_swmmac(const char* probe_name, const sp::Spec& spec, const char* instruction,
                 const void* const* kernels, size_t n, int argc, char** argv, const rt::DeviceOps& ops) {
  rt::install(ops);
  return layout_probe::probe_swmmac(probe_name, spec, instruction, std::vector<const void*>(kernels, kernels + n),
                                    argc, argv);
}

int probe_tr(const char* probe_name, const TrKernel* kernels, size_t n, int argc, char** argv,
             const rt::DeviceOps& ops) {
  rt::install(ops);
  return layout_probe::tr32::probe_tr(probe_name, kernels, n, argc, argv);
}

int probe_tr_w64(const char* probe_name, const TrKernel* kernels, size_t n, int argc, char** argv,
                 const rt::DeviceOps& ops) {
  rt::install(ops);
  return layout_probe::tr64p::probe_tr_w64(probe_name, kernels, n, argc, argv);
}

gemm_host::ProblemData* gemm_problem(gemm_host::Elem e, gemm_host::Size s, unsigned seed, bool full_reference) {
  return new gemm_host::ProblemData(gemm_host::make_problem_data(e, s, seed, full_reference));
}
void gemm_free(gemm_host::ProblemData* p) { delete p; }
const void* gemm_input(const gemm_host::ProblemData* p, int which, size_t* bytes) {
  if (p->elem == gemm_host::Elem::I8) {
    const std::vector<int8_t>& v = which == 0 ? p->a8 : p->b8;
    *bytes = v.size();
    return v.data();
  }
  const std::vector<uint16_t>& v = which == 0 ? p->a16 : p->b16;
  *bytes = v.size() * sizeof(uint16_t);
  return v.data();
}
bool gemm_check(const gemm_host::ProblemData* p, const char* policy, const float* cf, const int32_t* ci,
                gemm_host::Outcome* o) {
  const size_t n = size_t(p->sz.m) * p->sz.n;
  if (ci) {
    const std::vector<int32_t> c(ci, ci + n);
    return gemm_host::check(*p, policy, nullptr, &c, *o);
  }
  const std::vector<float> c(cf, cf + n);
  return gemm_host::check(*p, policy, &c, nullptr, *o);
}

const char* model_candidate() {
  const char* v = std::getenv("RDNA4_REF_MODEL");
  return v && *v ? v : nullptr;
}

}  // namespace rdna4ref
