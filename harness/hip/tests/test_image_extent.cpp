// image_extent: the size of a code object image read from its own headers.
#include <gtest/gtest.h>

#include "../src/runtime.h"
#include "test_support.h"

namespace {

const char* kKernel = "extern \"C\" __attribute__((global)) void k(int* p) { *p = 1; }\n";

TEST(ImageExtent, MatchesFileSizes) {
  std::string why;
  auto elf = hipemu_test::compile("ext_elf", kKernel, "--offload-arch=gfx1201 --no-gpu-bundle-output");
  ASSERT_FALSE(elf.empty());
  std::vector<uint8_t> padded = elf;
  padded.resize(elf.size() + 4096, 0xee);  // trailing bytes are not part of the image
  EXPECT_EQ(hipemu::image_extent(padded.data(), padded.size(), &why), elf.size()) << why;
  auto bundle = hipemu_test::compile("ext_bundle", kKernel, "--offload-arch=gfx1201 --offload-arch=gfx1200");
  ASSERT_FALSE(bundle.empty());
  padded = bundle;
  padded.resize(bundle.size() + 100, 0);
  EXPECT_EQ(hipemu::image_extent(padded.data(), padded.size(), &why), bundle.size()) << why;
  auto ccob = hipemu_test::compile("ext_ccob", kKernel, "--offload-arch=gfx1201 --offload-compress");
  ASSERT_FALSE(ccob.empty());
  padded = ccob;
  padded.resize(ccob.size() + 100, 0);
  size_t n = hipemu::image_extent(padded.data(), padded.size(), &why);
  EXPECT_GE(n, ccob.size()) << why;  // v1 CCOB has no size field: the bound is used
  EXPECT_LE(n, padded.size());
}

TEST(ImageExtent, RejectsGarbageAndTruncation) {
  std::string why;
  std::vector<uint8_t> junk(256, 0x41);
  EXPECT_EQ(hipemu::image_extent(junk.data(), junk.size(), &why), 0u);
  EXPECT_NE(why.find("not a code object"), std::string::npos);
  auto bundle = hipemu_test::compile("ext_bundle2", kKernel, "--offload-arch=gfx1201");
  ASSERT_FALSE(bundle.empty());
  EXPECT_EQ(hipemu::image_extent(bundle.data(), bundle.size() / 2, &why), 0u);
  EXPECT_EQ(hipemu::image_extent(bundle.data(), 20, &why), 0u);
  EXPECT_EQ(hipemu::image_extent(nullptr, 100, &why), 0u);
}

}  // namespace
