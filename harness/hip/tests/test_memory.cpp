// Device memory API: allocations in the emulator's address space, copies in
// every direction, bad pointers and ranges rejected with an error.
#include <hip/hip_runtime_api.h>
#include <gtest/gtest.h>

#include <vector>

TEST(Memory, RoundTripEveryDirection) {
  std::vector<int> h(1000), back(1000, -1);
  for (int i = 0; i < 1000; ++i) h[i] = i * 7;
  int *a = nullptr, *b = nullptr;
  ASSERT_EQ(hipMalloc(&a, 4000), hipSuccess);
  ASSERT_EQ(hipMalloc(&b, 4000), hipSuccess);
  EXPECT_NE(a, b);
  // Device addresses are the emulator's, not host memory.
  EXPECT_GE(reinterpret_cast<uintptr_t>(a), 0x100000000000ull);
  ASSERT_EQ(hipMemcpy(a, h.data(), 4000, hipMemcpyHostToDevice), hipSuccess);
  ASSERT_EQ(hipMemcpy(b, a, 4000, hipMemcpyDeviceToDevice), hipSuccess);
  ASSERT_EQ(hipMemcpy(back.data(), b, 4000, hipMemcpyDeviceToHost), hipSuccess);
  EXPECT_EQ(back, h);
  ASSERT_EQ(hipMemset(b + 10, 0xff, 8), hipSuccess);
  ASSERT_EQ(hipMemcpyAsync(back.data(), b, 4000, hipMemcpyDefault, nullptr), hipSuccess);
  EXPECT_EQ(back[9], 63);
  EXPECT_EQ(back[10], -1);
  EXPECT_EQ(back[11], -1);
  EXPECT_EQ(back[12], 84);
  EXPECT_EQ(hipFree(a), hipSuccess);
  EXPECT_EQ(hipFree(b), hipSuccess);
}

TEST(Memory, BadPointersAndRanges) {
  std::vector<char> h(64);
  char* d = nullptr;
  ASSERT_EQ(hipMalloc(&d, 64), hipSuccess);
  // Host pointer where a device pointer is required.
  EXPECT_EQ(hipMemcpy(h.data(), h.data() + 8, 8, hipMemcpyDeviceToHost), hipErrorInvalidDevicePointer);
  EXPECT_EQ(hipMemcpy(h.data(), h.data() + 8, 8, hipMemcpyHostToDevice), hipErrorInvalidDevicePointer);
  // Range past the end of the allocation.
  EXPECT_EQ(hipMemcpy(d + 60, h.data(), 8, hipMemcpyHostToDevice), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(h.data(), d, 65, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT_EQ(hipMemset(d, 0, 65), hipErrorInvalidValue);
  EXPECT_EQ(hipMemset(h.data(), 0, 4), hipErrorInvalidDevicePointer);
  EXPECT_EQ(hipMemcpy(nullptr, d, 4, hipMemcpyDeviceToHost), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(h.data(), d, 4, static_cast<hipMemcpyKind>(9)), hipErrorInvalidMemcpyDirection);
  EXPECT_EQ(hipGetLastError(), hipErrorInvalidMemcpyDirection);
  // Interior pointer and double free.
  EXPECT_EQ(hipFree(d + 4), hipErrorInvalidValue);
  EXPECT_EQ(hipFree(d), hipSuccess);
  EXPECT_EQ(hipFree(d), hipErrorInvalidValue);
  EXPECT_EQ(hipMemcpy(h.data(), d, 4, hipMemcpyDeviceToHost), hipErrorInvalidDevicePointer);
  EXPECT_EQ(hipFree(nullptr), hipSuccess);
  void* z = reinterpret_cast<void*>(1);
  EXPECT_EQ(hipMalloc(&z, 0), hipSuccess);
  EXPECT_EQ(z, nullptr);
  EXPECT_EQ(hipMalloc(nullptr, 4), hipErrorInvalidValue);
  EXPECT_EQ(hipMalloc(&z, size_t(1) << 40), hipErrorOutOfMemory);
  (void)hipGetLastError();
}
