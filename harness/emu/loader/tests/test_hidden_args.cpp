// fill_hidden_args on real kernels and on hand-built KernelInfo, checked
// against what ROCm's CLR writes (see hidden_args.def).
#include <cstring>

#include "fixtures.h"

using namespace loader_test;
using rdna4emu::CodeObject;
using rdna4emu::KernelArg;
using rdna4emu::KernelInfo;
using rdna4emu::LaunchConfig;

template <typename T>
static T at(const std::vector<uint8_t>& b, uint32_t off) {
  T v;
  std::memcpy(&v, b.data() + off, sizeof v);
  return v;
}

TEST(HiddenArgs, RealKernel) {
  for (const auto& v : compilers()) {
    SCOPED_TRACE("clang-" + v);
    auto bytes = read_fixture("args.c" + v + ".elf");
    auto co = CodeObject::load_elf(bytes.data(), bytes.size());
    const KernelInfo* k = co->find_kernel("k_hidden");
    ASSERT_NE(k, nullptr);
    LaunchConfig cfg;
    cfg.grid = {3, 4, 5};
    cfg.block = {64, 2, 1};
    cfg.dynamic_lds_bytes = 128;
    std::vector<uint8_t> ka(k->kernarg_segment_size, 0xAB);  // poison: see what is written
    fill_hidden_args(*k, cfg, ka);
    // Offsets from the v5 layout (AMDGPUUsage "Code Object V5 Metadata").
    EXPECT_EQ(at<uint32_t>(ka, 8), 3u);    // hidden_block_count_x = gridDim.x
    EXPECT_EQ(at<uint32_t>(ka, 12), 4u);
    EXPECT_EQ(at<uint32_t>(ka, 16), 5u);
    EXPECT_EQ(at<uint16_t>(ka, 20), 64u);  // hidden_group_size_x = blockDim.x
    EXPECT_EQ(at<uint16_t>(ka, 22), 2u);
    EXPECT_EQ(at<uint16_t>(ka, 24), 1u);
    EXPECT_EQ(at<uint16_t>(ka, 26), 0u);   // remainders: whole workgroups
    EXPECT_EQ(at<uint16_t>(ka, 28), 0u);
    EXPECT_EQ(at<uint16_t>(ka, 30), 0u);
    EXPECT_EQ(at<uint64_t>(ka, 48), 0u);   // global offsets
    EXPECT_EQ(at<uint64_t>(ka, 56), 0u);
    EXPECT_EQ(at<uint64_t>(ka, 64), 0u);
    EXPECT_EQ(at<uint16_t>(ka, 72), 3u);   // hidden_grid_dims: HIP launches are 3-D
    // Explicit argument bytes and gaps are untouched.
    for (uint32_t i : {0u, 7u, 32u, 47u, 74u, 100u}) EXPECT_EQ(ka[i], 0xAB) << i;
  }
}

TEST(HiddenArgs, DynamicLdsAndUnsupported) {
  KernelInfo k;
  k.name = "hand";
  k.kernarg_segment_size = 40;
  k.args = {KernelArg{"", "", "hidden_dynamic_lds_size", "", 0, 4},
            KernelArg{"", "", "hidden_printf_buffer", "", 8, 8},
            KernelArg{"", "", "hidden_some_future_kind", "", 16, 8},
            KernelArg{"", "", "by_value", "", 24, 4},
            KernelArg{"", "", "hidden_block_count_z", "", 28, 4}};
  LaunchConfig cfg;
  cfg.grid = {7, 1, 9};
  cfg.dynamic_lds_bytes = 65536;
  std::vector<uint8_t> ka(40, 0);
  rdna4emu::fill_hidden_args(k, cfg, ka);
  EXPECT_EQ(at<uint32_t>(ka, 0), 65536u);
  EXPECT_EQ(at<uint64_t>(ka, 8), 0u);
  EXPECT_EQ(at<uint64_t>(ka, 16), 0u);
  EXPECT_EQ(at<uint32_t>(ka, 24), 0u);
  EXPECT_EQ(at<uint32_t>(ka, 28), 9u);
}

TEST(HiddenArgs, BadInputs) {
  KernelInfo k;
  k.name = "bad";
  k.kernarg_segment_size = 16;
  k.args = {KernelArg{"", "", "hidden_block_count_x", "", 0, 2}};  // CLR writes 4 bytes
  std::vector<uint8_t> ka(16, 0);
  EXPECT_LOAD_ERROR(rdna4emu::fill_hidden_args(k, {}, ka), "has size 2");
  k.args = {KernelArg{"", "", "hidden_group_size_x", "", 15, 2}};
  EXPECT_LOAD_ERROR(rdna4emu::fill_hidden_args(k, {}, ka), "outside the kernarg buffer");
  std::vector<uint8_t> small(8, 0);
  EXPECT_LOAD_ERROR(rdna4emu::fill_hidden_args(k, {}, small), "smaller than the segment");
}
