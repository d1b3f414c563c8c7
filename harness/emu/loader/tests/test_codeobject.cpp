// Real code objects from clang-22 and clang-19 (data/args.hip): the loader's
// kernels, arguments, descriptors and image against llvm-readelf's view
// (the .expect files) and against hand-derived layouts.
#include <cstring>

#include "fixtures.h"

using namespace loader_test;
using rdna4emu::CodeObject;
using rdna4emu::KernelInfo;

class RealCodeObject : public ::testing::TestWithParam<std::string> {
 protected:
  std::shared_ptr<CodeObject> load(const std::string& stem) {
    bytes_ = read_fixture(stem + ".c" + GetParam() + ".elf");
    return CodeObject::load_elf(bytes_.data(), bytes_.size());
  }
  std::vector<uint8_t> bytes_;
};

static uint32_t u(const std::map<std::string, std::string>& m, const char* k) {
  auto it = m.find(k);
  if (it == m.end()) throw std::runtime_error(std::string("expect file lacks ") + k);
  return static_cast<uint32_t>(std::stoul(it->second));
}

// Every fact llvm-readelf reports, for every kernel, wave32 and wave64 builds.
TEST_P(RealCodeObject, MatchesReadelf) {
  for (const char* stem : {"args", "w64", "O0"}) {
    SCOPED_TRACE(std::string(stem) + " clang-" + GetParam());
    auto co = load(stem);
    Expect ex = read_expect(std::string(stem) + ".c" + GetParam() + ".expect");
    EXPECT_EQ(co->arch(), "gfx1201");
    EXPECT_EQ(co->e_flags() & 0xff, 0x4eu);
    ASSERT_EQ(co->kernels().size(), ex.kernels.size());
    ASSERT_EQ(ex.kernels.size(), 7u);
    bool any_private = false;
    for (const auto& [name, kv] : ex.kernels) {
      SCOPED_TRACE(name);
      const KernelInfo* k = co->find_kernel(name);
      ASSERT_NE(k, nullptr);
      EXPECT_EQ(k->symbol, kv.at("symbol"));
      EXPECT_EQ(k->kernarg_segment_size, u(kv, "kernarg_segment_size"));
      EXPECT_EQ(k->kernarg_segment_align, u(kv, "kernarg_segment_align"));
      EXPECT_EQ(k->group_segment_fixed_size, u(kv, "group_segment_fixed_size"));
      EXPECT_EQ(k->private_segment_fixed_size, u(kv, "private_segment_fixed_size"));
      EXPECT_EQ(k->wavefront_size, u(kv, "wavefront_size"));
      EXPECT_EQ(k->sgpr_count, u(kv, "sgpr_count"));
      EXPECT_EQ(k->vgpr_count, u(kv, "vgpr_count"));
      EXPECT_EQ(k->sgpr_spill_count, u(kv, "sgpr_spill_count"));
      EXPECT_EQ(k->vgpr_spill_count, u(kv, "vgpr_spill_count"));
      EXPECT_EQ(k->max_flat_workgroup_size, u(kv, "max_flat_workgroup_size"));
      EXPECT_EQ(k->uses_dynamic_stack, u(kv, "uses_dynamic_stack") != 0);
      EXPECT_EQ(k->kd_vaddr, u(kv, "kd_vaddr"));
      EXPECT_EQ(k->code_vaddr, u(kv, "code_vaddr"));
      EXPECT_EQ(k->code_size, u(kv, "code_size"));
      const auto& eargs = ex.args[name];
      ASSERT_EQ(k->args.size(), eargs.size());
      for (size_t i = 0; i < eargs.size(); ++i) {
        SCOPED_TRACE("arg " + std::to_string(i));
        EXPECT_EQ(k->args[i].offset, u(eargs[i], "offset"));
        EXPECT_EQ(k->args[i].size, u(eargs[i], "size"));
        EXPECT_EQ(k->args[i].value_kind, eargs[i].at("value_kind"));
        EXPECT_EQ(k->args[i].address_space.empty() ? "-" : k->args[i].address_space,
                  eargs[i].at("address_space"));
      }
      // Descriptor facts that follow from the metadata (AMDGPUUsage "Kernel Descriptor").
      EXPECT_EQ(k->kd.kernarg_size, k->kernarg_segment_size);
      EXPECT_EQ(k->kd.group_segment_fixed_size, k->group_segment_fixed_size);
      EXPECT_EQ(k->kd.private_segment_fixed_size, k->private_segment_fixed_size);
      EXPECT_EQ(((k->kd.kernel_code_properties >> 10) & 1) != 0, k->wavefront_size == 32);
      EXPECT_EQ(k->code_vaddr, k->kd_vaddr + k->kd.kernel_code_entry_byte_offset);
      EXPECT_EQ(k->code_vaddr % 256, 0u);
      any_private |= k->private_segment_fixed_size > 0;
      if (name != "k_noargs") {
        // ENABLE_SGPR_KERNARG_SEGMENT_PTR (bit 3): the kernel reads its arguments.
        EXPECT_TRUE(k->kd.kernel_code_properties & (1u << 3));
        // rsrc2 USER_SGPR_COUNT (bits 5:1) covers at least the 2 SGPRs of that pointer.
        EXPECT_GE((k->kd.compute_pgm_rsrc2 >> 1) & 0x1f, 2u);
      }
    }
    // -O0 code keeps locals in scratch; -O3 code of these kernels does not.
    EXPECT_EQ(any_private, std::string(stem) == "O0");
  }
}

// Descriptor bit fields (AMDGPUUsage "Kernel Descriptor", "compute_pgm_rsrc1/2
// for GFX6-GFX12", "Kernel Code Properties") against the .amdhsa_* directives
// the compiler printed for the same kernel with -S (make_fixtures.py).
namespace {
enum Reg { Group, Private, Kernarg, Rsrc1, Rsrc2, Props };
struct Field {
  const char* directive;
  Reg reg;
  unsigned lo, width;
};
const Field kKdFields[] = {
    {"group_segment_fixed_size", Group, 0, 32},
    {"private_segment_fixed_size", Private, 0, 32},
    {"kernarg_size", Kernarg, 0, 32},
    {"float_round_mode_32", Rsrc1, 12, 2},
    {"float_round_mode_16_64", Rsrc1, 14, 2},
    {"float_denorm_mode_32", Rsrc1, 16, 2},
    {"float_denorm_mode_16_64", Rsrc1, 18, 2},
    {"fp16_overflow", Rsrc1, 26, 1},
    {"workgroup_processor_mode", Rsrc1, 29, 1},
    {"memory_ordered", Rsrc1, 30, 1},
    {"forward_progress", Rsrc1, 31, 1},
    {"enable_private_segment", Rsrc2, 0, 1},
    {"user_sgpr_count", Rsrc2, 1, 5},
    {"system_sgpr_workgroup_id_x", Rsrc2, 7, 1},
    {"system_sgpr_workgroup_id_y", Rsrc2, 8, 1},
    {"system_sgpr_workgroup_id_z", Rsrc2, 9, 1},
    {"system_sgpr_workgroup_info", Rsrc2, 10, 1},
    {"system_vgpr_workitem_id", Rsrc2, 11, 2},
    {"exception_fp_ieee_invalid_op", Rsrc2, 24, 1},
    {"exception_fp_denorm_src", Rsrc2, 25, 1},
    {"exception_fp_ieee_div_zero", Rsrc2, 26, 1},
    {"exception_fp_ieee_overflow", Rsrc2, 27, 1},
    {"exception_fp_ieee_underflow", Rsrc2, 28, 1},
    {"exception_fp_ieee_inexact", Rsrc2, 29, 1},
    {"exception_int_div_zero", Rsrc2, 30, 1},
    {"user_sgpr_dispatch_ptr", Props, 1, 1},
    {"user_sgpr_queue_ptr", Props, 2, 1},
    {"user_sgpr_kernarg_segment_ptr", Props, 3, 1},
    {"user_sgpr_dispatch_id", Props, 4, 1},
    {"user_sgpr_private_segment_size", Props, 6, 1},
    {"wavefront_size32", Props, 10, 1},
    {"uses_dynamic_stack", Props, 11, 1},
};
}  // namespace

TEST_P(RealCodeObject, DescriptorBitsMatchAssembly) {
  for (const char* stem : {"args", "w64", "O0"}) {
    SCOPED_TRACE(std::string(stem) + " clang-" + GetParam());
    auto co = load(stem);
    std::ifstream f(fixture(std::string(stem) + ".c" + GetParam() + ".kdasm"));
    ASSERT_TRUE(f) << "missing .kdasm fixture";
    std::string line;
    int kernels = 0;
    while (std::getline(f, line)) {
      std::istringstream is(line);
      std::string tag, name, tok;
      is >> tag >> name;
      std::map<std::string, uint64_t> d;
      while (is >> tok) {
        auto eq = tok.find('=');
        d[tok.substr(0, eq)] = std::stoull(tok.substr(eq + 1));
      }
      const KernelInfo* k = co->find_kernel(name);
      ASSERT_NE(k, nullptr) << name;
      ++kernels;
      for (const Field& fld : kKdFields) {
        auto it = d.find(fld.directive);
        if (it == d.end()) continue;  // not printed by this compiler version
        uint64_t reg = fld.reg == Group     ? k->kd.group_segment_fixed_size
                       : fld.reg == Private ? k->kd.private_segment_fixed_size
                       : fld.reg == Kernarg ? k->kd.kernarg_size
                       : fld.reg == Rsrc1   ? k->kd.compute_pgm_rsrc1
                       : fld.reg == Rsrc2   ? k->kd.compute_pgm_rsrc2
                                            : k->kd.kernel_code_properties;
        uint64_t got = (reg >> fld.lo) & ((1ull << fld.width) - 1);
        EXPECT_EQ(got, it->second) << name << " ." << fld.directive;
      }
      // User SGPRs on gfx12 are the enabled ones, packed from s0 (dispatch ptr 2,
      // queue ptr 2, kernarg ptr 2, dispatch id 2, private segment size 1).
      uint64_t packed = 2 * (d["user_sgpr_dispatch_ptr"] + d["user_sgpr_queue_ptr"] +
                             d["user_sgpr_kernarg_segment_ptr"] + d["user_sgpr_dispatch_id"]) +
                        d["user_sgpr_private_segment_size"];
      EXPECT_LE(packed, d["user_sgpr_count"]) << name;
    }
    EXPECT_EQ(kernels, 7);
  }
}

TEST_P(RealCodeObject, WaveSize) {
  auto w32 = load("args");
  auto w64 = load("w64");
  for (const auto& k : w32->kernels()) {
    EXPECT_EQ(k.wavefront_size, 32u) << k.name;
    EXPECT_TRUE(k.kd.kernel_code_properties & (1u << 10)) << k.name;
  }
  for (const auto& k : w64->kernels()) {
    EXPECT_EQ(k.wavefront_size, 64u) << k.name;
    EXPECT_FALSE(k.kd.kernel_code_properties & (1u << 10)) << k.name;
  }
}

// The image holds .text at its address, byte for byte (llvm-objcopy dump).
TEST_P(RealCodeObject, ImageHoldsText) {
  auto co = load("args");
  Expect ex = read_expect("args.c" + GetParam() + ".expect");
  auto text = read_fixture("args.c" + GetParam() + ".text");
  ASSERT_GT(text.size(), 0u);
  ASSERT_LE(ex.text_addr + text.size(), co->image().size());
  EXPECT_EQ(0, std::memcmp(co->image().data() + ex.text_addr, text.data(), text.size()));
  // gfx12 kernels end in s_endpgm (SOPP opcode 48: 0xbfb00000).
  const KernelInfo* k = co->find_kernel("k_noargs");
  ASSERT_NE(k, nullptr);
  ASSERT_EQ(k->code_size, 4u);
  uint32_t insn;
  std::memcpy(&insn, co->image().data() + k->code_vaddr, 4);
  EXPECT_EQ(insn, 0xbfb00000u);
}

// Offsets derived by hand from the kernarg rule (natural alignment, in order).
TEST_P(RealCodeObject, HandDerivedLayouts) {
  auto co = load("args");
  auto offsets = [&](const char* name) {
    std::vector<std::pair<uint32_t, uint32_t>> v;
    const KernelInfo* k = co->find_kernel(name);
    if (!k) ADD_FAILURE() << "no kernel " << name;
    else
      for (const auto& a : k->args) v.emplace_back(a.offset, a.size);
    return v;
  };
  using OS = std::vector<std::pair<uint32_t, uint32_t>>;
  // char, short, int, long long, float, double, unsigned char, bool, int*
  EXPECT_EQ(offsets("k_scalars"),
            (OS{{0, 1}, {2, 2}, {4, 4}, {8, 8}, {16, 4}, {24, 8}, {32, 1}, {33, 1}, {40, 8}}));
  // Small{int,char,double} = 16 bytes align 8; Big{float[10]} = 40 align 4; int; float*
  EXPECT_EQ(offsets("k_structs"), (OS{{0, 16}, {16, 40}, {56, 4}, {64, 8}}));
  EXPECT_EQ(offsets("k_ptrs"), (OS{{0, 8}, {8, 8}, {16, 8}}));
  OS many;
  for (uint32_t i = 0; i < 16; ++i) many.push_back({4 * i, 4});
  many.insert(many.end(), {{64, 1}, {72, 8}, {80, 2}, {88, 8}});
  EXPECT_EQ(offsets("k_many"), many);
  // One pointer, then the v5 hidden block: group_size_x as a u16 at 0x14
  // (docs/facts/code-objects.md#hidden-kernel-arguments).
  const KernelInfo* h = co->find_kernel("k_hidden");
  ASSERT_NE(h, nullptr);
  const auto* gx = h->find_arg("hidden_group_size_x");
  ASSERT_NE(gx, nullptr);
  EXPECT_EQ(gx->offset, 0x14u);
  EXPECT_EQ(gx->size, 2u);
  EXPECT_EQ(h->find_arg("hidden_block_count_x")->offset, 8u);
  EXPECT_EQ(h->find_arg("no_such_kind"), nullptr);
  const KernelInfo* s = co->find_kernel("k_shared");
  ASSERT_NE(s, nullptr);
  EXPECT_EQ(s->group_segment_fixed_size, 4096u);  // float tile[1024]
  EXPECT_EQ(s->kd.group_segment_fixed_size, 4096u);
}

TEST_P(RealCodeObject, FindKernelAndYaml) {
  auto co = load("args");
  EXPECT_NE(co->find_kernel("k_ptrs"), nullptr);
  EXPECT_EQ(co->find_kernel("k_ptrs.kd"), co->find_kernel("k_ptrs"));
  EXPECT_EQ(co->find_kernel("k_nope"), nullptr);
  std::string y = co->metadata_yaml();
  EXPECT_NE(y.find("amdhsa.target: amdgcn-amd-amdhsa--gfx1201"), std::string::npos) << y;
  EXPECT_NE(y.find(".name: k_many"), std::string::npos);
  bool found = false;
  for (const auto& [n, addr] : co->symbols_)
    if (n == "k_ptrs") found = addr == co->find_kernel("k_ptrs")->code_vaddr;
  EXPECT_TRUE(found);
}

INSTANTIATE_TEST_SUITE_P(Clang, RealCodeObject, ::testing::ValuesIn(compilers()),
                         [](const auto& info) { return "clang" + info.param; });

TEST(RealCodeObjectArch, Gfx1200AndGeneric) {
  auto b = read_fixture("args.gfx1200.elf");
  auto co = CodeObject::load_elf(b.data(), b.size());
  EXPECT_EQ(co->arch(), "gfx1200");
  auto g = read_fixture("args.generic.elf");
  auto cg = CodeObject::load_elf(g.data(), g.size());
  EXPECT_EQ(cg->arch(), "gfx12-generic");
  EXPECT_EQ(cg->kernels().size(), 7u);
  // load_any: a plain ELF for the wrong processor is NoBinaryForArch; a
  // generic one runs on both gfx12 processors.
  EXPECT_THROW(CodeObject::load_any(b.data(), b.size(), "gfx1201"), rdna4emu::NoBinaryForArch);
  EXPECT_NO_THROW(CodeObject::load_any(b.data(), b.size(), "gfx1200"));
  EXPECT_NO_THROW(CodeObject::load_any(g.data(), g.size(), "gfx1201"));
  EXPECT_NO_THROW(CodeObject::load_any(g.data(), g.size(), "gfx1200:xnack-"));
  auto o = read_fixture("args.gfx1100.elf");
  EXPECT_THROW(CodeObject::load_any(o.data(), o.size(), "gfx1201"), rdna4emu::NoBinaryForArch);
}
