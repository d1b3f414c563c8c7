// Device printf (HIP documentation, "printf"; clang lowers it for HIP to ROCm's hostcall
// printf calls): the output of every work-item reaches stdout by the end of the launch,
// formatted as C's printf formats it (ISO C 7.21.6.1): integers of each length, unsigned,
// hex, char, float and double (passed as double), precision and width (also `*`), strings
// (%s of a variable string, of a literal, and of a null pointer: "(null)"), %%, a message
// with more than 7 arguments (split into several records), and one message per work-item.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t > %t.out
// RUN: FileCheck %s --strict-whitespace -DDEVICE=%device -DARCH=%device_arch < %t.out
// RUN: grep '^lane ' %t.out | sort -u | awk '{ s += $2; n++ } END { print "lanes", n, "sum", s }' | FileCheck %s --check-prefix=LANES
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: before
// CHECK-NEXT: ints -7 4294967295 -1234567890123 ff 0X1F c=Z 100%
// CHECK-NEXT: floats 1.500000 -2.250 3.1416e+00 0.1
// CHECK-NEXT: width [   42] [42   ] [  3.14]
// CHECK-NEXT: strings hello world (null) lit
// CHECK-NEXT: many 1 2 3 4 5 6 7 8 9 10
// CHECK-NEXT: after
// CHECK: PASS
// 64 distinct lines "lane 0" ... "lane 63" (0 + ... + 63 = 2016):
// LANES: lanes 64 sum 2016
#include "rdna4_test.h"

#include <algorithm>
#include <string>
#include <vector>

__global__ void formats(const char* word, const char* nothing) {
  if (threadIdx.x != 0) return;
  unsigned int u = 0xffffffffu;
  long long big = -1234567890123ll;
  printf("ints %d %u %lld %x %#X c=%c 100%%\n", -7, u, big, 255, 31, 'Z');
  float f = 1.5f;
  double d = -2.25;
  printf("floats %f %.3f %.4e %g\n", f, d, 3.14159265, 0.1);
  printf("width [%5d] [%-5d] [%*.2f]\n", 42, 42, 6, 3.14159);
  printf("strings hello %s %s %s\n", word, nothing, "lit");
  printf("many %d %d %d %d %d %d %d %d %d %d\n", 1, 2, 3, 4, 5, 6, 7, 8, 9, 10);
}

__global__ void per_lane() { printf("lane %u\n", threadIdx.x); }

int main() {
  rdna4_test_begin();
  const char word_host[] = "world";
  char* word;
  RDNA4_HIP_CHECK(hipMalloc(&word, sizeof word_host));
  RDNA4_HIP_CHECK(hipMemcpy(word, word_host, sizeof word_host, hipMemcpyHostToDevice));
  std::printf("before\n");
  std::fflush(stdout);
  formats<<<1, 32>>>(word, nullptr);
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  std::fflush(stdout);
  std::printf("after\n");
  std::fflush(stdout);

  // One message per work-item (counted by the LANES check).
  per_lane<<<1, 64>>>();
  RDNA4_HIP_CHECK(hipDeviceSynchronize());
  std::fflush(stdout);
  RDNA4_HIP_CHECK(hipFree(word));
  return rdna4_test_end();
}
