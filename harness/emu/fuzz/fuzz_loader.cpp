// libFuzzer target over the code-object loader: any byte string given to
// load_any / load_elf / parse_offload_bundle / the MessagePack reader must
// either load or throw LoadError. Any other exception, a crash, a sanitizer
// report, a hang or an allocation beyond libFuzzer's limit is a bug.
// Built and run by ./run_fuzzers (sources listed in fuzzers.txt).
#include <cstddef>
#include <cstdint>
#include <vector>

#include "msgpack.h"
#include "rdna4emu/codeobject.h"

using namespace rdna4emu;

static void exercise(const CodeObject& co) {
  volatile uint8_t sink = 0;
  const auto& image = co.image();
  for (const KernelInfo& k : co.kernels()) {
    // What the executor relies on: the entry and the whole code lie in the image.
    if (k.code_vaddr >= image.size()) __builtin_trap();
    if (k.code_size && (k.code_size > image.size() || k.code_vaddr > image.size() - k.code_size))
      __builtin_trap();
    sink = sink + image[k.code_vaddr];
    std::vector<uint8_t> kernarg(k.kernarg_segment_size, 0);
    LaunchConfig cfg;
    cfg.grid = {2, 3, 4};
    cfg.block = {32, 2, 1};
    try {
      fill_hidden_args(k, cfg, kernarg);
    } catch (const LoadError&) {
    }
    (void)co.find_kernel(k.name);
  }
  (void)co.metadata_yaml();
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  try {
    exercise(*CodeObject::load_any(data, size, "gfx1201"));
  } catch (const LoadError&) {
  }
  try {
    exercise(*CodeObject::load_any(data, size, ""));
  } catch (const LoadError&) {
  }
  try {
    if (is_offload_bundle(data, size)) {
      for (const auto& e : parse_offload_bundle(data, size)) {
        try {
          exercise(*CodeObject::load_elf(e.data.data(), e.data.size()));
        } catch (const LoadError&) {
        }
      }
    }
  } catch (const LoadError&) {
  }
  try {
    (void)msgpack::to_yaml(msgpack::parse(data, size, /*allow_trailing=*/true));
  } catch (const LoadError&) {
  }
  return 0;
}
