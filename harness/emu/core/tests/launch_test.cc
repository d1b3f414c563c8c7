// Device::launch: the HSA kernel dispatch packet a kernel reads through its dispatch
// pointer (hsa_kernel_dispatch_packet_t, 64 bytes; HSA Platform System Architecture
// Specification). Expected values come from the launch configuration written below.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "test_util.h"

using namespace rdna4emu;
using namespace rdna4test;

namespace {

TEST(Launch, DispatchPacketFields) {
  AsmKernel k;
  k.name = "dispatch_packet";
  k.nptr = 1;
  k.dispatch_ptr = true;  // s[0:1] = dispatch packet, s[2:3] = kernarg segment
  k.lds = 512;
  k.priv = 32;
  // Copy the 64-byte packet and the kernarg pointer to the output buffer (lane 0 only).
  k.body =
      "  s_load_b64 s[4:5], s[2:3], 0x0\n  s_load_b512 s[8:23], s[0:1], 0x0\n  s_wait_kmcnt 0\n"
      "  v_mov_b32 v1, 0\n"
      "  v_mov_b32 v2, s8\n  v_mov_b32 v3, s9\n  v_mov_b32 v4, s10\n  v_mov_b32 v5, s11\n"
      "  v_mov_b32 v6, s12\n  v_mov_b32 v7, s13\n  v_mov_b32 v8, s14\n  v_mov_b32 v9, s15\n"
      "  v_mov_b32 v10, s16\n  v_mov_b32 v11, s17\n  v_mov_b32 v12, s18\n  v_mov_b32 v13, s19\n"
      "  v_mov_b32 v14, s20\n  v_mov_b32 v15, s21\n  v_mov_b32 v16, s22\n  v_mov_b32 v17, s23\n"
      "  v_mov_b32 v18, s2\n  v_mov_b32 v19, s3\n"
      "  v_cmp_eq_u32 vcc_lo, 0, v0\n  s_and_saveexec_b32 s24, vcc_lo\n"
      "  global_store_b128 v1, v[2:5], s[4:5]\n  global_store_b128 v1, v[6:9], s[4:5] offset:16\n"
      "  global_store_b128 v1, v[10:13], s[4:5] offset:32\n  global_store_b128 v1, v[14:17], s[4:5] offset:48\n"
      "  global_store_b64 v1, v[18:19], s[4:5] offset:64\n  s_endpgm\n";
  std::string err;
  std::string path = assemble(k.name, asm_text(k), &err);
  ASSERT_FALSE(path.empty()) << err;
  auto co = load_co(path);
  Device d;
  uint64_t out = d.alloc(128);
  const KernelInfo* ki = co->find_kernel(k.name);
  ASSERT_NE(ki, nullptr);
  LaunchConfig cfg{{3, 2, 1}, {32, 2, 1}, 256};  // grid of workgroups, block, dynamic LDS
  auto r = d.launch(*co, *ki, cfg, kernarg(*ki, Args().add(out), cfg));
  ASSERT_TRUE(r.ok()) << r.diagnostic;
  auto b = read_back<uint8_t>(d, out, 72);
  auto u16 = [&](size_t o) { uint16_t v; std::memcpy(&v, &b[o], 2); return v; };
  auto u32 = [&](size_t o) { uint32_t v; std::memcpy(&v, &b[o], 4); return v; };
  auto u64 = [&](size_t o) { uint64_t v; std::memcpy(&v, &b[o], 8); return v; };
  EXPECT_EQ(u16(2), 2u) << "setup: two dimensions (y > 1)";
  EXPECT_EQ(u16(4), 32u) << "workgroup_size_x";
  EXPECT_EQ(u16(6), 2u) << "workgroup_size_y";
  EXPECT_EQ(u16(8), 1u) << "workgroup_size_z";
  EXPECT_EQ(u16(10), 0u) << "reserved0";
  EXPECT_EQ(u32(12), 96u) << "grid_size_x: work-items (3 x 32)";
  EXPECT_EQ(u32(16), 4u) << "grid_size_y (2 x 2)";
  EXPECT_EQ(u32(20), 1u) << "grid_size_z";
  EXPECT_EQ(u32(24), 32u) << "private_segment_size";
  EXPECT_EQ(u32(28), 512u + 256u) << "group_segment_size: static + dynamic LDS";
  EXPECT_EQ(u64(40), u64(64)) << "kernarg_address = the kernel's kernarg pointer";
  EXPECT_EQ(u64(48), 0u) << "reserved2";
  EXPECT_EQ(u64(56), 0u) << "completion_signal";
}

}  // namespace
