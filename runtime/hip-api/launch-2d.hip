// 2-D grids and blocks: threadIdx/blockIdx/blockDim/gridDim in x and y,
// including blocks whose x size is not a multiple of the wave size.
// RUN: %hipcc -O2 %s -o %t
// RUN: %run %t | FileCheck %s -DDEVICE=%device -DARCH=%device_arch
// CHECK: device=[[DEVICE]] arch=[[ARCH]]
// CHECK: geometry grid (3,2,1) block (16,8,1): 768 work-items checked
// CHECK: geometry grid (2,5,1) block (7,9,1): 630 work-items checked
// CHECK: geometry grid (1,1,1) block (32,32,1): 1024 work-items checked
// CHECK: PASS
#include "launch_geometry.h"

int main() {
  rdna4_test_begin();
  check_geometry(dim3(3, 2), dim3(16, 8));
  check_geometry(dim3(2, 5), dim3(7, 9));
  check_geometry(dim3(1, 1), dim3(32, 32));
  return rdna4_test_end();
}
