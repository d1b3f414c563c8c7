#!/usr/bin/env python3
"""Mutation test of the hazard checking (core/HAZARDS.md): delete each s_wait_* / v_nop from compiled kernels.

For each kernel source in mutants/ and each opt level, compile with clang-22 to
assembly, then for every line that is an s_wait_loadcnt/dscnt/kmcnt (and the
combined forms) or a v_nop, write a mutant without that line, assemble it
(llvm-mc + ld.lld), and run it under the emulator (rdna4-emu run, strict mode).

Which mutants *must* be caught is decided here, independently of the emulator,
by a small straight-line model of the wait counters over LLVM's own assembly
text (in-order LOADcnt/DScnt, out-of-order KMcnt; the WMMA D -> A/B rule):
a deleted wait "guards a use" when, in the mutant, some later instruction names
a register written by a load that the remaining waits no longer cover; a deleted
v_nop guards a use when the WMMA after it reads the previous WMMA's D as A or B.
Such a mutant must fail with Fault HazardViolation and a message naming the
right kind (missing s_wait_loadcnt / s_wait_dscnt / s_wait_kmcnt / v_nop).
Waits that guard only memory ordering across waves (release fences before
s_barrier_signal) are run again with the opt-in rule RDNA4_EMU_HAZARD_RULES=+lds and
reported separately; waits guarding nothing the emulator models (e.g. the
s_wait_loadcnt after global_inv of an acquire fence) are listed as such.

  mutation_test.py --emu PATH/rdna4-emu --out DIR [--clang 22] [--opt O3,O0]

Exit 0 when the unmutated kernels run clean and every use-guarding mutant is
caught with the right message; 1 otherwise (each miss is printed); 2 on setup
errors (missing tools, compile failure)."""
import argparse, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))

KERNELS = [
    # (source, kernel name, opt levels, grid, block, args)
    ("wmma_chain", "wmma_chain", "O3,O0", "1", "32",
     ["ptr:512:rand=1", "ptr:512:rand=2", "ptr:1024:zero", "ptr:512:zero"]),
    ("wmma_chain", "wmma_ab_chain", "O3,O1", "1", "32", ["ptr:512:rand=1", "ptr:512:rand=2", "ptr:512:zero"]),
    # -O0 would call a non-inlined helper (s_getpc_b64/s_swappc_b64): not needed here.
    ("lds_exchange", "lds_exchange", "O3,O1", "1", "256", ["ptr:1024:iota-i32", "ptr:1024:zero", "i32:3"]),
]

WAIT_RE = re.compile(r"^\s*(s_wait_(loadcnt|dscnt|kmcnt|loadcnt_dscnt|storecnt_dscnt)|v_nop)\b")


def run(cmd, env=None):
    return subprocess.run(cmd, capture_output=True, text=True, env=env)


def regs(text):
    """Registers named in an operand string: set of ('v'|'s', index)."""
    out = set()
    for m in re.finditer(r"\b([vs])\[(\d+):(\d+)\]", text):
        for i in range(int(m.group(2)), int(m.group(3)) + 1):
            out.add((m.group(1), i))
    for m in re.finditer(r"\b([vs])(\d+)\b", text):
        out.add((m.group(1), int(m.group(2))))
    if re.search(r"\bvcc(_lo)?\b", text):
        out.add(("s", 106))
    return out


def split(line):
    line = line.split(";")[0].split("//")[0].strip()
    if not line or line.startswith(".") or line.endswith(":"):
        return None, ""
    parts = line.split(None, 1)
    return parts[0], parts[1] if len(parts) > 1 else ""


def counter_of(m):
    if m.startswith("s_load") or m.startswith("s_buffer_load"):
        return "KM"
    if m.startswith("ds_"):
        return "DS"
    if m.startswith(("global_", "flat_", "scratch_", "buffer_")):
        return "STORE" if ("store" in m or m == "global_wb") else "LOAD"
    return None


def is_load(m):
    return (counter_of(m) in ("KM", "LOAD") and m != "global_inv") or (
        m.startswith("ds_") and ("load" in m or "_rtn" in m))


def wait_limits(m, ops):
    try:
        v = int(ops.split()[0], 0) if ops.split() else 0
    except ValueError:  # s_wait_alu depctr_*, s_wait_event ...: not a counter wait
        return {}
    if m == "s_wait_loadcnt": return {"LOAD": v & 0x3f}
    if m == "s_wait_dscnt": return {"DS": v & 0x3f}
    if m == "s_wait_kmcnt": return {"KM": v & 0x1f}
    if m == "s_wait_storecnt": return {"STORE": v & 0x3f}
    if m == "s_wait_loadcnt_dscnt": return {"LOAD": (v >> 8) & 0x3f, "DS": v & 0x3f}
    if m == "s_wait_storecnt_dscnt": return {"STORE": (v >> 8) & 0x3f, "DS": v & 0x3f}
    return {}


def first_unguarded_use(insns):
    """Straight-line model: (counter of the load whose result is used too early) or None."""
    issued = {"LOAD": 0, "DS": 0, "KM": 0, "STORE": 0}
    done = dict(issued)
    pending = []  # (counter, seq, regs)
    for m, ops in insns:
        if m.startswith("s_wait_"):
            for c, n in wait_limits(m, ops).items():
                if c == "KM":
                    if n == 0: done[c] = issued[c]
                elif issued[c] >= n:
                    done[c] = max(done[c], issued[c] - n)
            continue
        if m == "s_wait_idle":
            done = dict(issued)
            continue
        named = regs(ops)
        for c, seq, r in pending:
            if seq > done[c] and named & r:
                # A later LDS load may overwrite its own destination (LDS returns in order);
                # gfx12 VMEM loads may write their VGPRs out of order and SMEM returns out
                # of order, so their WAW needs the wait (HAZARDS.md).
                if is_load(m) and counter_of(m) == c and c == "DS":
                    srcs = regs(ops.split(",", 1)[1]) if "," in ops else set()
                    if not (srcs & r):
                        continue
                return c
        c = counter_of(m)
        if c:
            issued[c] += 1
            if is_load(m):
                dst = ops.split(",", 1)[0]
                pending.append((c, issued[c], regs(dst)))
    return None


def lds_release_guard(insns, idx):
    """True if deleting the wait at idx leaves a DS store incomplete at the next s_barrier_signal."""
    c = wait_limits(*insns[idx])
    if "DS" not in c:
        return False
    ds_pending = any(m.startswith("ds_") and "store" in m for m, _ in insns[:idx])
    for m, _ in insns[idx + 1:]:
        if m.startswith("s_wait_") and "DS" in wait_limits(m, _):
            return False
        if m.startswith("s_barrier_signal"):
            return ds_pending
    return False


def wmma_nop_guard(insns, idx):
    def prev_valu(i):
        for j in range(i - 1, -1, -1):
            if insns[j][0].startswith("v_"): return j
        return None
    def next_valu(i):
        for j in range(i + 1, len(insns)):
            if insns[j][0].startswith("v_"): return j
        return None
    p, n = prev_valu(idx), next_valu(idx)
    if p is None or n is None: return False
    pm, po = insns[p]
    nm, no = insns[n]
    if not (pm.startswith(("v_wmma", "v_swmmac")) and nm.startswith(("v_wmma", "v_swmmac"))): return False
    d = regs(po.split(",")[0])
    srcs = [s.strip() for s in no.split(",")]
    ab = set()
    for s in srcs[1:3] + (srcs[3:4] if nm.startswith("v_swmmac") else []):
        ab |= regs(s)
    return bool(d & ab)


def fault_line(err):
    for l in err.split("\n"):
        if "fault" in l:
            return l.strip()[:400]
    return err.strip().split("\n")[0][:400] if err.strip() else ""


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--emu", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--clang", default="22")
    ap.add_argument("--opt", default="", help="override the per-kernel opt levels")
    a = ap.parse_args()
    bindir = f"/usr/lib/llvm-{a.clang}/bin"
    for tool in ("clang++", "llvm-mc", "ld.lld"):
        if not os.path.exists(os.path.join(bindir, tool)):
            print(f"mutation_test: {bindir}/{tool} not found"); return 2
    if not os.path.exists(a.emu):
        print(f"mutation_test: emulator CLI {a.emu} not found"); return 2
    os.makedirs(a.out, exist_ok=True)
    env = dict(os.environ, CLANG_NO_DEFAULT_CONFIG="1")
    env.pop("RDNA4_EMU_HAZARD_RULES", None)
    # clang 19 predates LLVM's gfx12 SGPR hazard mitigation (llvm PR #100067, LLVM 20):
    # its kernels run without the sgpr rule (HAZARDS.md); newer compilers with every default rule.
    base_rules = "-sgpr" if int(a.clang) < 20 else ""
    totals = {"mutants": 0, "use": 0, "use_caught": 0, "lds": 0, "lds_caught": 0, "other": 0,
              "other_flagged": 0}
    failures = []
    for src, kname, opts, grid, block, args in KERNELS:
        for opt in (a.opt or opts).split(","):
            tag = f"{kname}.clang{a.clang}.{opt}"
            s_path = os.path.join(a.out, tag + ".s")
            r = run([f"{bindir}/clang++", "-x", "hip", "--cuda-device-only", "--offload-arch=gfx1201",
                     "-nogpulib", "-nogpuinc", f"-{opt}", "-S", os.path.join(HERE, "mutants", src + ".hip"),
                     "-o", s_path], env)
            if r.returncode:
                print(f"mutation_test: compile failed: {tag}\n{r.stderr}"); return 2
            lines = open(s_path).read().split("\n")
            # Kernel body: from the label to the end of function.
            start = next(i for i, l in enumerate(lines) if l.startswith(kname + ":"))
            end = next(i for i in range(start, len(lines)) if lines[i].startswith(".Lfunc_end"))
            body_idx = [i for i in range(start + 1, end) if split(lines[i])[0]]
            insns = [split(lines[i]) for i in body_idx]

            def build_and_run(text, name, extra_env=None):
                base = os.path.join(a.out, name)
                with open(base + ".s", "w") as f:
                    f.write(text)
                r = run([f"{bindir}/llvm-mc", "-triple=amdgcn-amd-amdhsa", "-mcpu=gfx1201", "-filetype=obj",
                         base + ".s", "-o", base + ".o"])
                if r.returncode:
                    return None, "assemble: " + r.stderr
                r = run([f"{bindir}/ld.lld", "-shared", base + ".o", "-o", base + ".co"])
                if r.returncode:
                    return None, "link: " + r.stderr
                cmd = [a.emu, "run", base + ".co", kname, "--grid", grid, "--block", block, "--threads", "1"]
                for x in args:
                    cmd += ["--arg", x]
                e = dict(os.environ)
                e.pop("RDNA4_EMU_HAZARD_RULES", None)
                if base_rules: e["RDNA4_EMU_HAZARD_RULES"] = base_rules
                if extra_env: e.update(extra_env)
                r = run(cmd, e)
                return r.returncode, r.stderr

            rc, err = build_and_run("\n".join(lines), tag + ".orig")
            if rc != 0:
                print(f"FAIL {tag}: unmutated kernel does not run clean (rc {rc}):\n{err}")
                failures.append(tag + " original")
                continue
            # The opt-in rule must pass too: +lds (these kernels fence their barriers).
            rules = "+lds" + ("," + base_rules if base_rules else "")
            rc, err = build_and_run("\n".join(lines), tag + ".orig_all", {"RDNA4_EMU_HAZARD_RULES": rules})
            if rc != 0:
                print(f"FAIL {tag}: unmutated kernel is flagged with the opt-in rules ({rules}):\n{fault_line(err)}")
                failures.append(tag + f" original({rules})")
            for k, li in enumerate(body_idx):
                m = WAIT_RE.match(lines[li])
                if not m:
                    continue
                totals["mutants"] += 1
                mut_insns = insns[:k] + insns[k + 1:]
                name = f"{tag}.del{li + 1}"
                text = "\n".join(lines[:li] + lines[li + 1:])
                what = lines[li].strip()
                if m.group(1) == "v_nop":
                    guard = "v_nop" if wmma_nop_guard(insns, k) else None
                else:
                    c = first_unguarded_use(mut_insns)
                    guard = {"LOAD": "s_wait_loadcnt", "DS": "s_wait_dscnt", "KM": "s_wait_kmcnt"}.get(c)
                    if guard and first_unguarded_use(insns) == c:
                        guard = None  # the unmutated program already has the same gap (model limit)
                rc, err = build_and_run(text, name)
                if rc is None:
                    print(f"FAIL {name}: {err}"); failures.append(name); continue
                first = fault_line(err)
                if guard:
                    totals["use"] += 1
                    want = "missing " + guard
                    ok = rc == 1 and "HazardViolation" in err and want in err
                    totals["use_caught"] += ok
                    print(f"{'caught ' if ok else 'MISSED '} {name}: delete '{what}' (guards a use, expect '{want}')"
                          + ("" if ok else f"\n    rc={rc} {first}"))
                    if ok: print(f"    {first}")
                    else: failures.append(name)
                elif lds_release_guard(insns, k):
                    totals["lds"] += 1
                    rc2, err2 = build_and_run(text, name + ".lds", {"RDNA4_EMU_HAZARD_RULES": rules})
                    ok = rc2 == 1 and "missing s_wait_dscnt before s_barrier_signal" in err2
                    totals["lds_caught"] += ok
                    print(f"{'caught ' if ok else 'MISSED '} {name}: delete '{what}' (LDS release before barrier; "
                          f"default rc={rc}, with +lds rc={rc2})")
                    if ok: print("    " + fault_line(err2))
                    else: failures.append(name + " (+lds)")
                else:
                    totals["other"] += 1
                    totals["other_flagged"] += rc != 0
                    print(f"n/a     {name}: delete '{what}' guards no modelled use "
                          f"(rc={rc}{', ' + first if rc else ''})")
    print("\nmutants: {mutants}; guarding a register use: {use}, caught {use_caught}; "
          "LDS release before a barrier (rule +lds): {lds}, caught {lds_caught}; "
          "guarding nothing modelled: {other} ({other_flagged} flagged anyway)".format(**totals))
    if failures:
        print("FAILED: " + ", ".join(failures))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
