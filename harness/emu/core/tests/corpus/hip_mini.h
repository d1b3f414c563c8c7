// Minimal HIP device-side definitions for emulator test kernels (no HIP
// headers are installed). Compile with -x hip --cuda-device-only -nogpuinc.
#pragma once
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))
#define __shared__ __attribute__((shared))
#define __host__ __attribute__((host))
typedef unsigned int uint;
#define threadIdx_x __builtin_amdgcn_workitem_id_x()
#define threadIdx_y __builtin_amdgcn_workitem_id_y()
#define threadIdx_z __builtin_amdgcn_workitem_id_z()
#define blockIdx_x __builtin_amdgcn_workgroup_id_x()
#define blockIdx_y __builtin_amdgcn_workgroup_id_y()
#define blockIdx_z __builtin_amdgcn_workgroup_id_z()
#define blockDim_x __builtin_amdgcn_workgroup_size_x()
#define blockDim_y __builtin_amdgcn_workgroup_size_y()
#define blockDim_z __builtin_amdgcn_workgroup_size_z()
#define __syncthreads() __builtin_amdgcn_s_barrier_signal(-1), __builtin_amdgcn_s_barrier_wait(-1)
typedef _Float16 half;
typedef half v8h __attribute__((ext_vector_type(8)));
typedef half v4h __attribute__((ext_vector_type(4)));
typedef float v8f __attribute__((ext_vector_type(8)));
typedef float v4f __attribute__((ext_vector_type(4)));
typedef int v8i __attribute__((ext_vector_type(8)));
typedef int v4i __attribute__((ext_vector_type(4)));
typedef int v2i __attribute__((ext_vector_type(2)));
typedef short v8s __attribute__((ext_vector_type(8)));
typedef short v4s __attribute__((ext_vector_type(4)));
typedef half v16h __attribute__((ext_vector_type(16)));
typedef short v16s __attribute__((ext_vector_type(16)));
