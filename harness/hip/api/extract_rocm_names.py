#!/usr/bin/env python3
"""Extract the public names of ROCm's HIP headers into harness/hip/api/rocm_hip_names.csv.

Run by hand (CI has no network and no ROCm tree); its output is checked in:

  python3 harness/hip/api/extract_rocm_names.py --hip HIP_CHECKOUT --clr CLR_CHECKOUT \\
      --clang-include /usr/lib/llvm-22/lib/clang/22/include > harness/hip/api/rocm_hip_names.csv

HIP_CHECKOUT: github.com/ROCm/HIP (its include/hip), CLR_CHECKOUT: github.com/ROCm/clr (its
hipamd/include/hip/amd_detail), --clang-include: clang's resource include directory (its
__clang_hip_math.h declares the device math library every HIP program gets through
hip_runtime.h). The commits used are written by the caller into the CSV header lines
(--source "..."), so the table says where its names come from.

What counts: names a compute program can use: the runtime API (functions, types,
enumerators, macros of hip_runtime_api.h, driver_types.h, texture_types.h, surface_types.h,
library_types.h, hip_ext.h), the device functions (amd_device_functions.h, warp functions,
atomics, hip_fp16/bf16/fp8, vector types, cooperative groups, texture and surface
functions, math), hip_math_constants.h. Left out: graphics interop (OpenGL, Vulkan/external
memory), hiprtc, the profiler and tracing API, per-thread-stream (_spt) entry points,
implementation details (ocml/ockl/llvm builtins, names in namespace internal/detail,
reserved __hip_internal names). Extraction is lexical (comments removed, statements split
at ; { }): good enough for a checklist, and every row names its header so a reader can
check it.
Python standard library only.
"""
import argparse
import os
import re
import sys

HIP_FILES = [  # ROCm/HIP include/hip
    "hip_runtime_api.h", "driver_types.h", "texture_types.h", "surface_types.h",
    "library_types.h", "hip_ext.h", "hip_fp8.h", "hip_fp16.h", "hip_bf16.h", "hip_bfloat16.h",
    "hip_vector_types.h", "hip_cooperative_groups.h", "hip_math_constants.h", "hip_complex.h",
    "channel_descriptor.h", "device_functions.h", "math_functions.h", "hip_runtime.h",
]
CLR_FILES = [  # ROCm/clr hipamd/include/hip/amd_detail
    "amd_hip_runtime.h", "host_defines.h", "amd_device_functions.h", "amd_warp_functions.h",
    "amd_warp_sync_functions.h", "amd_hip_atomic.h", "amd_hip_unsafe_atomics.h",
    "amd_math_functions.h", "amd_hip_fp16.h", "amd_hip_bf16.h", "amd_hip_bfloat16.h",
    "amd_hip_fp8.h", "amd_hip_vector_types.h", "amd_hip_cooperative_groups.h",
    "amd_channel_descriptor.h", "texture_fetch_functions.h", "texture_indirect_functions.h",
    "amd_surface_functions.h", "amd_hip_complex.h", "hip_ldg.h", "hip_assert.h",
    "amd_hip_math_constants.h",
]
CLANG_FILES = ["__clang_hip_math.h"]

EXCLUDE = re.compile(
    r"^(hipGraphics|hipGL|hipExternal|hipImportExternal|hipSignalExternal|hipWaitExternal|"
    r"hipDestroyExternal|hipProfiler|hiprtc|HIPRTC|hipApiName|hipKernelNameRef|hipGetStreamDeviceId|"
    r"hipRegisterTracerCallback|hipGetCmdName|__ocml|__ockl|__llvm|__builtin|__hip_internal|"
    r"__hipGetPCH|__hipRegister|__hipUnregister|__hipPushCallConfiguration|__hipPopCallConfiguration|"
    r"__hipTexture|__gnu|__cuda|__clang|__HIP_CLANG|__HIPCC|__hip_img|__HIP_DEVICE_COMPILE|_HIP_|"
    r"HIP_INCLUDE_|HIP_SRC|__HIP_FP16_DECL|__HIP_BF16|__BF16|__FP8|__HOST_DEVICE__|__DEVICE__|"
    r"__CG_|__TEXTURE_|__HIP_SURFACE|__hip_internal|__hip_ds_|__hip_move_dpp|__hip_fp8_impl|__hip_hc_|"
    r"HW_ID|GETREG_IMMED|GENERIC_GRID_LAUNCH|USE_PEER_NON_UNIFIED|inline$|__attribute|ParentCGTy$|"
    r"Cond_t$|tbtBase$|ucharHolder$|uchar2Holder$|_coalesced_info$|_tiled_info$|parent_group_info$|"
    r"ext_vec$|Data$|T$|U$|__T$|__A$|valid$)")
QUALIFIER = re.compile(r"\b(__device__|__global__|__host__|__DEVICE__|__HOST_DEVICE__|__CG_QUALIFIER__|"
                       r"__CG_STATIC_QUALIFIER__|__TEXTURE_FUNCTIONS_DECL__|__HIP_SURFACE_FUNCTIONS_DECL__|"
                       r"__HIP_DEVICE__|__BF16_HOST_DEVICE__|__BF16_HOST_DEVICE_STATIC__|__BF16_DEVICE_STATIC__|"
                       r"__FP8_HOST_DEVICE__|__FP8_HOST_DEVICE_STATIC__|__FP8_DEVICE_STATIC__|__HOST_DEVICE__|"
                       r"__HIP_HOST_DEVICE__|__FP16_DECL__)\b|\b__\w*(DEVICE|DECL)\w*__\b")
IDENT = re.compile(r"[A-Za-z_]\w*")
KEYWORDS = {"if", "for", "while", "switch", "return", "sizeof", "static_assert", "decltype",
            "alignas", "defined", "operator", "__attribute__", "__declspec", "template", "typename",
            "noexcept", "__asm__", "asm", "catch", "new", "delete", "throw", "else", "do",
            "static_cast", "reinterpret_cast", "const_cast", "__has_builtin", "__has_include"}


def strip_template_prefix(c):
    """c without a leading `template <...>` (angle brackets balanced)."""
    while True:
        m = re.match(r"\s*template\s*<", c)
        if not m:
            return c
        depth, i = 1, m.end()
        while i < len(c) and depth:
            depth += {"<": 1, ">": -1}.get(c[i], 0)
            i += 1
        c = c[i:]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", "", text)


def logical_lines(text):
    return text.replace("\\\n", " ").split("\n")


def scan(path, rel, api_header):
    """[(name, kind)] of one header."""
    text = strip_comments(open(path, encoding="utf-8", errors="replace").read())
    out = []
    for line in logical_lines(text):
        m = re.match(r"\s*#\s*define\s+([A-Za-z_]\w*)", line)
        if m:
            name = m.group(1)
            if not re.search(r"(_H|_H_|_HPP|_HPP_|_INCLUDED)$", name) and not name.startswith("__") \
                    or re.match(r"__HIP_(PLATFORM|ARCH|NO_)", name):
                out.append((name, "macro"))
    code = "\n".join(l for l in logical_lines(text) if not l.lstrip().startswith("#"))
    depth_ns = []  # namespace names by brace depth, to skip internal/detail
    pos, depth = 0, 0
    stack = []  # for each open brace: ("namespace", name) / ("enum", None) / ("other", None)
    chunk_start = 0
    for m in re.finditer(r"[;{}]", code):
        ch = m.group(0)
        chunk = code[chunk_start:m.start()]
        chunk_start = m.end()
        in_internal = any(k == "namespace" and n in ("internal", "detail", "impl", "__hip_internal")
                          for k, n in stack)
        in_enum = bool(stack) and stack[-1][0] == "enum"
        in_body = any(k == "body" for k, _ in stack)
        if in_enum:
            for part in chunk.split(","):
                mm = re.match(r"\s*([A-Za-z_]\w*)", part)
                if mm and not in_internal:
                    out.append((mm.group(1), "enumerator"))
        elif not in_internal and not in_body:
            c = " ".join(chunk.split())
            c = re.sub(r"__attribute__\s*\(\(.*?\)\)\s*", "", c)
            c = re.sub(r"__declspec\s*\(.*?\)\s*", "", c)
            c = re.sub(r"\b(HIP_DEPRECATED|DEPRECATED)\s*\([^()]*\)\s*", "", c)
            c = strip_template_prefix(c).strip()
            if ch == "{" and re.search(r"\bnamespace\b", c):
                pass
            elif c.startswith("typedef") and ch == ";":
                c2 = re.sub(r"\([^()]*\)\s*$", "", c)
                mm = re.search(r"\(\s*\*\s*([A-Za-z_]\w*)\s*\)", c)  # function pointer typedef
                names = IDENT.findall(c2)
                if mm:
                    out.append((mm.group(1), "type"))
                elif names:
                    out.append((names[-1], "type"))
            elif re.match(r"^(template\s*<.*>\s*)?(typedef\s+)?(struct|class|union|enum(\s+class)?)\s+", c) and "(" not in c:
                mm = re.search(r"\b(?:struct|class|union|enum(?:\s+class)?)\s+(?:__attribute__\(\(.*?\)\)\s*)?(?:HIP_[A-Z_]+\s+)?([A-Za-z_]\w*)", c)
                if mm:
                    out.append((mm.group(1), "type"))
            elif re.match(r"^using\s+([A-Za-z_]\w*)\s*=", c):
                out.append((re.match(r"^using\s+([A-Za-z_]\w*)", c).group(1), "type"))
            elif ch == ";" and "(" not in c.split("=")[0] and QUALIFIER.search(c.split("=")[0]):
                ids = [i for i in IDENT.findall(c.split("=")[0]) if i not in KEYWORDS]
                if ids:
                    out.append((ids[-1], "device variable"))
            elif "(" in c:
                head = c.split("(", 1)[0]
                if "operator" in head or "=" in head:
                    pass
                else:
                    ids = [i for i in IDENT.findall(head) if i not in KEYWORDS]
                    if ids:
                        name = ids[-1]
                        if api_header and re.match(r"hip[A-Z]", name):
                            out.append((name, "function"))
                        elif QUALIFIER.search(head) or (api_header and name.startswith("make_")):
                            out.append((name, "device function"))
        # maintain the brace stack
        if ch == "{":
            c = " ".join(chunk.split())
            if re.search(r"\bnamespace\b", c) and "(" not in c:
                mm = re.search(r"namespace\s+([A-Za-z_]\w*)", c)
                stack.append(("namespace", mm.group(1) if mm else ""))
            elif re.search(r"\benum\b", c) and "(" not in c:
                stack.append(("enum", None))
            elif re.search(r"\b(struct|class|union)\b", c) and "(" not in c:
                stack.append(("class", None))
            elif re.match(r'^extern\s+"C', c) or c == "":
                stack.append(("extern", None))
            else:
                stack.append(("body", None))
        elif ch == "}":
            if stack:
                stack.pop()
    return out


def main(argv):
    ap = argparse.ArgumentParser()
    ap.add_argument("--hip", required=True)
    ap.add_argument("--clr", required=True)
    ap.add_argument("--clang-include", required=True)
    ap.add_argument("--source", action="append", default=[])
    a = ap.parse_args(argv)
    rows = {}
    sets = [(os.path.join(a.hip, "include", "hip"), "ROCm/HIP include/hip/", HIP_FILES),
            (os.path.join(a.clr, "hipamd", "include", "hip", "amd_detail"),
             "ROCm/clr hipamd/include/hip/amd_detail/", CLR_FILES),
            (a.clang_include, "clang include/", CLANG_FILES)]
    for d, label, files in sets:
        for f in files:
            p = os.path.join(d, f)
            if not os.path.exists(p):
                sys.exit("missing %s" % p)
            api = f in ("hip_runtime_api.h", "driver_types.h", "texture_types.h", "surface_types.h",
                        "library_types.h", "hip_ext.h", "amd_channel_descriptor.h", "channel_descriptor.h",
                        "amd_hip_vector_types.h", "hip_vector_types.h")
            for name, kind in scan(p, f, api):
                if EXCLUDE.match(name) or name.endswith("_spt") or len(name) < 2:
                    continue
                if kind == "type" and name in ("type", "value_type"):
                    continue
                key = name
                if key not in rows:
                    rows[key] = (name, kind, label + f)
    print("# Public names of ROCm 6.x's HIP headers a compute program can use (one per line:")
    print("# name,kind,header). Generated by harness/hip/api/extract_rocm_names.py from:")
    for s in a.source:
        print("#   " + s)
    print("name,kind,header")
    for name, kind, header in sorted(rows.values(), key=lambda r: (r[2], r[1], r[0])):
        print("%s,%s,%s" % (name, kind, header))


if __name__ == "__main__":
    main(sys.argv[1:])
