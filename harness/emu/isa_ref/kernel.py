"""One-instruction test kernels: .amdhsa wrappers, assembling many kernels in
one llvm-mc + ld.lld call, and running them with `rdna4-emu batch`.

Used by the golden-vector runner (golden.py) and the differential test
(diff.py). Kernel arguments are global buffers only (8-byte pointers)."""
import os
import re
import subprocess

TOOL_VERSIONS = (22, 19)  # newest first: the first one found is the primary assembler


class ToolError(Exception):
    pass


def find_toolchains(versions=TOOL_VERSIONS, tools=("llvm-mc", "ld.lld")):
    """[(version, bindir)] of the installed LLVM toolchains that have every one of `tools`.
    `versions`: numbers, or a comma separated string as the scripts' --llvm options take it."""
    if isinstance(versions, str):
        versions = [int(x) for x in versions.split(",") if x]
    out = []
    for v in versions:
        d = "/usr/lib/llvm-%d/bin" % v
        if all(os.access(os.path.join(d, t), os.X_OK) for t in tools):
            out.append((v, d))
    return out


def work_dir(path, prefix):
    """(directory, holder): `path` (created) when given, else a new temporary directory that
    lives as long as the returned holder."""
    if path:
        os.makedirs(path, exist_ok=True)
        return path, None
    import tempfile
    tmp = tempfile.TemporaryDirectory(prefix=prefix)
    return tmp.name, tmp


class Kernel:
    """One kernel of a code object: `body` is its instruction text, one
    instruction per line; `nptr` pointer arguments; `lds` bytes of LDS."""

    def __init__(self, name, body, nptr, wave64=False, lds=0, denorm=3, priv=0):
        self.name = name
        self.priv = priv  # private (scratch) bytes per lane
        self.body = body
        self.nptr = nptr
        self.wave64 = wave64
        self.lds = lds
        self.denorm = denorm


def _kernel_text(k):
    # No function symbol type and an s_code_end after each kernel: the
    # emulator decodes a kernel without a sized function symbol up to the next
    # s_code_end, and every *function* symbol of a code object as a possible
    # callee, which for thousands of one-instruction kernels per object would
    # decode the whole object at every launch.
    return (".globl {n}\n.p2align 8\n{n}:\n{body}\n  s_code_end\n").format(n=k.name, body=k.body)


def _descriptor_text(k):
    return ("\n.p2align 6\n.amdhsa_kernel {n}\n"
            "  .amdhsa_user_sgpr_kernarg_segment_ptr 1\n"
            "  .amdhsa_kernarg_size {ka}\n"
            "  .amdhsa_next_free_vgpr 256\n"
            "  .amdhsa_next_free_sgpr 106\n"
            "  .amdhsa_wavefront_size32 {w32}\n"
            "  .amdhsa_group_segment_fixed_size {lds}\n"
            "  .amdhsa_private_segment_fixed_size {priv}\n"
            "  .amdhsa_enable_private_segment {penable}\n"
            "  .amdhsa_system_vgpr_workitem_id 0\n"
            "  .amdhsa_float_denorm_mode_32 {dn}\n"
            "  .amdhsa_float_denorm_mode_16_64 3\n"
            ".end_amdhsa_kernel\n").format(n=k.name, ka=8 * k.nptr, w32=0 if k.wave64 else 1, lds=k.lds,
                                            dn=k.denorm, priv=k.priv, penable=1 if k.priv else 0)


def _metadata_text(kernels):
    s = [".amdgpu_metadata\n---\namdhsa.version: [ 1, 2 ]\namdhsa.kernels:\n"]
    for k in kernels:
        s.append("  - .name: {n}\n    .symbol: {n}.kd\n    .kernarg_segment_size: {ka}\n"
                 "    .kernarg_segment_align: 8\n    .group_segment_fixed_size: {lds}\n"
                 "    .private_segment_fixed_size: {priv}\n    .wavefront_size: {w}\n"
                 "    .sgpr_count: 106\n    .vgpr_count: 256\n    .max_flat_workgroup_size: 1024\n"
                 "    .args:\n".format(n=k.name, ka=8 * k.nptr, lds=k.lds, w=64 if k.wave64 else 32, priv=k.priv))
        for i in range(k.nptr):
            s.append("      - .offset: %d\n        .size: 8\n        .value_kind: global_buffer\n"
                     "        .address_space: global\n" % (8 * i))
    s.append("...\n.end_amdgpu_metadata\n")
    return "".join(s)


def assemble(kernels, path_base, bindir, wave64):
    """Assemble and link `kernels` (all wave32 or all wave64) into
    path_base + '.co'. Returns (co_path or None, {kernel name: error text})
    where the errors are llvm-mc's messages for the lines of that kernel."""
    lines = ['.amdgcn_target "amdgcn-amd-amdhsa--gfx1201"\n.text\n']
    owner = []  # (first line, last line, kernel name), 1-based
    nlines = lines[0].count("\n")
    for k in kernels:
        t = _kernel_text(k)
        owner.append((nlines + 1, nlines + t.count("\n"), k.name))
        nlines += t.count("\n")
        lines.append(t)
    lines.append(".rodata\n")
    for k in kernels:
        lines.append(_descriptor_text(k))
    lines.append(_metadata_text(kernels))
    src = path_base + ".s"
    with open(src, "w") as f:
        f.write("".join(lines))
    mattr = ["-mattr=+wavefrontsize64"] if wave64 else []
    obj, co = path_base + ".o", path_base + ".co"
    r = subprocess.run([os.path.join(bindir, "llvm-mc"), "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1201"] + mattr +
                       ["-filetype=obj", src, "-o", obj], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    errors = {}
    if r.returncode != 0:
        cur = None
        for ln in r.stderr.splitlines():
            m = re.match(r"^.*?\.s:(\d+):(\d+): (error|warning|note): (.*)$", ln)
            if m:
                cur = None
                n = int(m.group(1))
                for lo, hi, name in owner:
                    if lo <= n <= hi:
                        cur = name
                        break
                if cur is None:
                    raise ToolError("llvm-mc failed outside the kernels' code:\n" + r.stderr)
                if m.group(3) == "error":
                    errors[cur] = errors.get(cur, "") + m.group(4) + "\n"
                else:
                    cur = None
            elif cur is not None:
                errors[cur] += ln + "\n"
        if not errors:
            raise ToolError("llvm-mc failed:\n" + r.stderr)
        return None, errors
    r = subprocess.run([os.path.join(bindir, "ld.lld"), "-shared", obj, "-o", co], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise ToolError("ld.lld failed:\n" + r.stdout)
    return co, {}


def assemble_all(kernels, path_base, bindir, wave64):
    """Like assemble(), but kernels llvm-mc rejects are left out (their errors
    returned) and the rest is assembled again. Returns (co or None, errors)."""
    errors = {}
    todo = list(kernels)
    while todo:
        co, err = assemble(todo, path_base, bindir, wave64)
        if co:
            return co, errors
        errors.update(err)
        todo = [k for k in todo if k.name not in err]
    return None, errors


def text_bytes(co_path):
    """The code object's .text section bytes (to tell whether two assemblers
    produced the same code). Reads the ELF64 section headers directly."""
    import struct
    with open(co_path, "rb") as f:
        data = f.read()
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3a)
    secs = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    stroff = secs[shstrndx][4]
    for s in secs:
        name = data[stroff + s[0]: data.index(b"\0", stroff + s[0])]
        if name == b".text":
            return data[s[4]: s[4] + s[5]]
    return b""


class Launch:
    """One launch: kernel name, lanes per block, buffers [(size, init bytes or
    None, read back?)]."""

    def __init__(self, kernel, block, buffers, grid=1):
        self.kernel = kernel
        self.block = block
        self.buffers = buffers
        self.grid = grid


class Result:
    def __init__(self):
        self.exit = None
        self.fault = ""
        self.buffers = []  # bytes of each buffer that was read back, in order


def run_batch(emu, co, launches, hazards="strict", timeout=600):
    """Run `launches` on the emulator in one `rdna4-emu batch` process.
    Returns one Result per launch."""
    lines = []
    for L in launches:
        a = ["%s --grid %d --block %d" % (L.kernel, L.grid, L.block)]
        for size, init, read in L.buffers:
            spec = "ptr:%d" % max(size, 4)
            if init:
                spec += ":bytes=" + bytes(init).hex()
            if read:
                spec += ":print=hex"
            a.append("--arg " + spec)
        lines.append(" ".join(a))
    try:
        # --budget: a kernel that loops (a branch under test) ends as BudgetExceeded
        # The kernels these tools generate test instruction semantics and do not place the
        # s_wait_alu a compiler adds for the gfx12 SGPR hazards: they run without that one
        # strict rule (harness/emu/core/HAZARDS.md), unless RDNA4_EMU_HAZARD_RULES says otherwise.
        env = dict(os.environ)
        env.setdefault("RDNA4_EMU_HAZARD_RULES", "-sgpr")
        r = subprocess.run([emu, "batch", co, "--hazards", hazards, "--budget", "20000000"],
                           input="\n".join(lines) + "\n", env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        raise ToolError("rdna4-emu batch timed out after %d s" % timeout)
    if r.returncode != 0:
        raise ToolError("rdna4-emu batch failed (exit %d):\n%s" % (r.returncode, r.stderr[-4000:]))
    results = []
    cur = Result()
    hexbuf = None
    for ln in r.stdout.splitlines():
        if ln.startswith("@@ exit "):
            if hexbuf is not None:
                cur.buffers.append(bytes.fromhex(hexbuf))
                hexbuf = None
            cur.exit = int(ln[8:])
            results.append(cur)
            cur = Result()
        elif ln.startswith("@@ fault ") or ln.startswith("@@ error "):
            if hexbuf is not None:
                cur.buffers.append(bytes.fromhex(hexbuf))
                hexbuf = None
            cur.fault += ln[3:] + "\n"
        elif ln.startswith("ptr:") and ln.endswith(":"):
            if hexbuf is not None:
                cur.buffers.append(bytes.fromhex(hexbuf))
            hexbuf = ""
        elif ln.startswith("  ") and hexbuf is not None:
            hexbuf += ln.replace(" ", "")
        elif cur.fault:
            cur.fault += ln + "\n"
    if len(results) != len(launches):
        raise ToolError("rdna4-emu batch returned %d results for %d launches; stderr:\n%s" %
                        (len(results), len(launches), r.stderr[-4000:]))
    return results


def compare_sgpr_dump(exp, out, first=20, count=16):
    """Mismatches of kernels that dump `count` SGPRs from s<first> as 64 bytes per vector:
    [(vector, register name, expected, got)]; exp[i][r] is vector i's expected s<first + r>."""
    bad = []
    for i, want in enumerate(exp):
        for r in range(count):
            o = 64 * i + 4 * r
            got = int.from_bytes(out[o:o + 4], "little")
            if got != want[r]:
                bad.append((i, "s%d" % (first + r), want[r], got))
    return bad
