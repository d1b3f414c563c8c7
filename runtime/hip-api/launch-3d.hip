// 3-D grids and blocks: all three components of every index variable.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: geometry grid (2,3,4) block (4,4,2): 768 work-items checked
// CHECK: geometry grid (1,2,3) block (5,3,7): 630 work-items checked
// CHECK: geometry grid (2,1,2) block (1,1,64): 256 work-items checked
// CHECK: PASS
#include "launch_geometry.h"

int main() {
  rdna4_test_begin();
  check_geometry(dim3(2, 3, 4), dim3(4, 4, 2));
  check_geometry(dim3(1, 2, 3), dim3(5, 3, 7));
  check_geometry(dim3(2, 1, 2), dim3(1, 1, 64));
  return rdna4_test_end();
}
