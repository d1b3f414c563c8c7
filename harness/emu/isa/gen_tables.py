#!/usr/bin/env python3
"""Turn the decode tables (isa/*.csv) into C++ (run by CMake at build time).

  gen_tables.py ISA_DIR INSNS_DIR OUT_DIR [--chunks N] [--tables-only]

Writes OUT_DIR/tables.cc (OpInfo rows and opcode lookup arrays),
OUT_DIR/fields.h (named field accessors per encoding, from isa/fields.csv),
OUT_DIR/handlers.h (declarations) and OUT_DIR/handlers_K.cc (one semantic
function per mnemonic, whose body is insns/<mnemonic>.h, Spike style).
Rows may share one semantics file (flag sem=<mnemonic>; v_cmpx_X rows use
v_cmp_X's by default). Every row needs its semantics file unless it is flagged
oos (out of scope: it decodes and faults as "not implemented" when executed),
and every insns/*.h must be used by a row. Exits non-zero with a message
naming the file and line on malformed or inconsistent input."""
import os, sys

FAMILIES = {  # csv name -> (Family enumerator, opcode space size, implied flags)
    'sop1': ('SOP1', 256, ''), 'sop2': ('SOP2', 128, ''), 'sopk': ('SOPK', 32, ''),
    'sopc': ('SOPC', 128, ''), 'sopp': ('SOPP', 128, ''), 'smem': ('SMEM', 64, ''),
    'vop1': ('VOP1', 256, 'F_VECTOR'), 'vop2': ('VOP2', 64, 'F_VECTOR'),
    'vopc': ('VOPC', 256, 'F_VECTOR'), 'vop3': ('VOP3', 1024, 'F_VECTOR'),
    'vop3p': ('VOP3P', 128, 'F_VECTOR'), 'vopd': ('VOPD', 32, 'F_VECTOR'),
    'ds': ('DS', 256, 'F_VECTOR'), 'vflat': ('VFLAT', 256, 'F_VECTOR'),
    'vglobal': ('VGLOBAL', 256, 'F_VECTOR'), 'vscratch': ('VSCRATCH', 256, 'F_VECTOR'),
    'vbuffer': ('VBUFFER', 256, 'F_VECTOR'),
}
VOP3_BASE = {'vop1': 0x180, 'vop2': 0x100, 'vopc': 0x000}
TYPES = {'': 'None', 'b16': 'B16', 'i16': 'B16', 'u16': 'B16', 'f16': 'F16', 'bf16': 'BF16',
         'b32': 'B32', 'i32': 'B32', 'u32': 'B32', 'f32': 'F32', 'b64': 'B64', 'i64': 'I64',
         'u64': 'B64', 'f64': 'F64', 'mask': 'Mask', 'b96': 'B96', 'b128': 'B128', 'b256': 'B256',
         'b512': 'B512', 'b1024': 'B1024', 'trb128': 'TrB128', 'trb64': 'TrB64', 'w1': 'W1', 'w2': 'W2', 'w4': 'W4',
         'w8': 'W8'}
# Plain flags (isa/README.md): csv word -> C++ bit.
FLAGS = {'wmma': 'F_WMMA', 'scc': 'F_SCC', 'cmpx': 'F_CMPX', 'sd': 'F_SD', 'branch': 'F_BRANCH', 'nop': 'F_NOP',
         'atomic': 'F_ATOMIC', 'sdst': 'F_SDST', 'kimm': 'F_KIMM', 'kimm_mid': 'F_KIMM | F_KIMM_MID',
         'tied': 'F_TIED', 'noaddr': 'F_NOADDR', 'vccread': 'F_VCC_READ', 'barrier_signal': 'F_BARRIER_SIGNAL',
         'code_end': 'F_CODE_END', 'ds2addr': 'F_DS_2ADDR', 'stride64': 'F_DS_STRIDE64', 'mix': 'F_FMA_MIX',
         'imods': 'F_INT_MODS', 'opsel': 'F_OPSEL', 'sparse': 'F_SPARSE', 'swap': 'F_SWAP',
         'rdst': 'F_READS_DST', 'm0src': 'F_M0_SRC', 'm0dst': 'F_M0_DST', 'm0split': 'F_M0_SPLIT',
         'noe64': 'F_NO_E64'}
COUNTERS = ('LOAD', 'STORE', 'DS', 'KM')
# key=value flags: key -> {value: C++ value}
CCONST = {'f16': 'OpType::F16', 'bf16': 'OpType::BF16', 'f32': 'OpType::F32'}
WAITS = {'load': 'Load', 'store': 'Store', 'ds': 'Ds', 'km': 'Km', 'load_ds': 'LoadDs', 'store_ds': 'StoreDs',
         'idle': 'Idle', 'alu': 'Alu'}
SIMMS = {'hex': 'Hex', 'dec': 'Dec', 'none': 'None', 'delay': 'DelayAlu', 'depctr': 'Depctr',
         'sendmsg': 'Sendmsg'}
LDS = {'r': 'F_LDS_READ', 'w': 'F_LDS_WRITE', 'rw': 'F_LDS_READ | F_LDS_WRITE', 'none': ''}


def die(msg):
    sys.stderr.write('gen_tables.py: error: ' + msg + '\n')
    sys.exit(1)


def read_csv(path):
    rows = []
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        f = line.split(',')
        if len(f) != 7:
            die(f'{path}:{n}: expected 7 comma-separated fields, got {len(f)}')
        try:
            op = int(f[0], 16)
        except ValueError:
            die(f'{path}:{n}: bad opcode {f[0]!r}')
        mn = f[1]
        if not mn or not all(c.isalnum() or c == '_' for c in mn):
            die(f'{path}:{n}: bad mnemonic {mn!r}')
        types = []
        for t in f[2:6]:
            if t not in TYPES:
                die(f'{path}:{n}: unknown operand type {t!r}')
            types.append(TYPES[t])
        rows.append((n, op, mn, types, f[6].split()))
    return rows


def gen_fields(isa, out):
    """isa/fields.csv -> OUT/fields.h: one inline accessor per encoding field,
    fields::<encoding>::<field>(w) with w the instruction's words, and
    fields::<encoding>::k<Field> for fixed fields."""
    path = os.path.join(isa, 'fields.csv')
    if not os.path.exists(path):
        die(f'missing field table {path}')
    enc = {}
    for n, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith('#'):
            continue
        f = line.split(',')
        if len(f) not in (4, 5):
            die(f'{path}:{n}: expected encoding,field,hi,lo[,value]')
        e, name = f[0], f[1]
        if not e.isidentifier() or not name.isidentifier():
            die(f'{path}:{n}: bad encoding or field name')
        try:
            hi, lo = int(f[2]), int(f[3])
            val = int(f[4], 0) if len(f) == 5 else None
        except ValueError:
            die(f'{path}:{n}: bad number')
        if not (0 <= lo <= hi < 96) or hi // 32 != lo // 32:
            die(f'{path}:{n}: bits {hi}..{lo} must lie in one 32-bit word')
        fields = enc.setdefault(e, {})
        if name in fields:
            die(f'{path}:{n}: field {e}.{name} defined twice')
        fields[name] = (hi, lo, val)
    with open(os.path.join(out, 'fields.h'), 'w') as f:
        f.write('// Generated by isa/gen_tables.py from isa/fields.csv. Do not edit.\n#pragma once\n'
                '#include <cstdint>\nnamespace rdna4emu::core::fields {\n')
        for e, fields in enc.items():
            f.write(f'namespace {e.lower()} {{\n')
            for name, (hi, lo, val) in fields.items():
                word, sh, width = lo // 32, lo % 32, hi - lo + 1
                mask = (1 << width) - 1
                f.write(f'inline constexpr uint32_t {name}(const uint32_t* w) {{ return (w[{word}] >> {sh}) & {mask:#x}u; }}\n')
                if val is not None:
                    f.write(f'constexpr uint32_t k_{name} = {val:#x}u;\n'
                            f'inline constexpr bool is_{name}(const uint32_t* w) {{ return {name}(w) == k_{name}; }}\n')
            f.write(f'}}  // namespace {e.lower()}\n')
        f.write('}  // namespace rdna4emu::core::fields\n')


class Row:
    """One table row after flag parsing."""
    def __init__(self, path, line, name, op, mn, types):
        self.path, self.line, self.name, self.op, self.mn, self.types = path, line, name, op, mn, types
        self.flags = []
        self.counter = 'None'
        self.sem = None          # alias: the row whose semantics file applies
        self.cconst = 'OpType::None'
        self.wait = 'None'
        self.simm = 'Hex'
        self.oos = False
        self.var = None

    def where(self):
        return f'{self.path}:{self.line}'


def parse_flags(row, words, implied):
    fl = [implied] if implied else []
    lds = None
    for k, t in enumerate(words):
        key, eq, val = t.partition('=')
        if row.name == 'vopd' and k == 0 and not eq and t not in FLAGS and t != 'oos':
            row.sem = t  # VOPD: a bare first word names the VOP2 semantics (same as sem=)
        elif t in FLAGS:
            fl.append(FLAGS[t])
        elif t == 'oos':
            row.oos = True
        elif key == 'cnt' and val in COUNTERS:
            row.counter = val
        elif key == 'sem' and val and all(c.isalnum() or c == '_' for c in val):
            row.sem = val
        elif key == 'cconst' and val in CCONST:
            row.cconst = CCONST[val]
        elif key == 'wait' and val in WAITS:
            row.wait = WAITS[val]
        elif key == 'simm' and val in SIMMS:
            row.simm = SIMMS[val]
        elif key == 'lds' and val in LDS:
            lds = val
        else:
            die(f'{row.where()}: unknown flag {t!r} (isa/README.md lists the flags)')
    if row.name == 'ds':
        if lds is None:  # default from the operand columns: loads read, stores write, returns do both
            has_dst, has_data = row.types[0] != 'None', row.types[1] != 'None'
            lds = 'rw' if has_dst and has_data else 'r' if has_dst else 'w' if has_data else 'none'
        if LDS[lds]:
            fl.append(LDS[lds])
    elif lds is not None:
        die(f'{row.where()}: flag lds= applies to DS rows only')
    if 'F_CMPX' in fl and row.sem is None and row.mn.startswith('v_cmpx_'):
        row.sem = 'v_cmp_' + row.mn[len('v_cmpx_'):]  # v_cmpx_X = v_cmp_X writing EXEC
    if row.sem == row.mn:
        row.sem = None
    row.flags = fl


GRAPHICS = ('VIMAGE', 'VSAMPLE', 'VEXPORT', 'VINTERP', 'VDSDIR')


def gen_graphics(isa, f):
    """isa/graphics.csv (family,opcode,mnemonic,reason): graphics-only encodings, out of scope.
    Rows get no semantics (they fault as "graphics instruction ... is not emulated") and stay out
    of kAll; graphics_lookup() / graphics_all() serve the decoder and `rdna4-emu info --isa`."""
    path = os.path.join(isa, 'graphics.csv')
    rows, seen = [], set()
    if os.path.exists(path):
        for n, line in enumerate(open(path), 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            p = line.split(',')
            if len(p) != 4 or p[0] not in GRAPHICS or not p[3]:
                die(f'{path}:{n}: expected family,opcode,mnemonic,reason with family one of {", ".join(GRAPHICS)}')
            try:
                op = int(p[1], 16)
            except ValueError:
                die(f'{path}:{n}: bad opcode {p[1]!r}')
            if not p[2] or not all(c.isalnum() or c == '_' for c in p[2]) or not 0 <= op < 256:
                die(f'{path}:{n}: bad mnemonic or opcode')
            if (p[0], op) in seen:
                die(f'{path}:{n}: duplicate {p[0]} opcode {op:#x}')
            seen.add((p[0], op))
            rows.append((p[0], op, p[2], p[3]))
    f.write('namespace {\n')
    for fam, op, mn, why in rows:
        f.write(f'const OpInfo k_G{fam}_{op:x} = {{"{mn}", nullptr, OpType::None, OpType::None, OpType::None, '
                f'OpType::None, uint32_t(F_GRAPHICS), Counter::None, {op:#x}, Family::{fam}, "{why}", '
                'OpType::None, WaitKind::None, SimmFormat::Hex};\n')
    f.write('const OpInfo* const kGraphics[] = {\n')
    for fam, op, _, _ in rows:
        f.write(f'  &k_G{fam}_{op:x},\n')
    f.write('  nullptr};\n}  // namespace\n')
    f.write('const OpInfo* graphics_lookup(Family fam, unsigned op) {\n'
            '  for (const OpInfo* const* p = kGraphics; *p; ++p)\n'
            '    if ((*p)->family == fam && (*p)->opcode == op) return *p;\n  return nullptr;\n}\n')
    f.write(f'const OpInfo* const* graphics_all(size_t* n) {{\n  *n = {len(rows)};\n  return kGraphics;\n}}\n')


def gen_limits(isa, f, mnemonics, have):
    """isa/limits.csv (mnemonic,faulting forms,why): instructions run only in part. Every
    semantics file that calls not_supported() must have its row here, and every row must
    name a table mnemonic; limits_all() serves `rdna4-emu info --isa`."""
    path = os.path.join(isa, 'limits.csv')
    rows, seen = [], set()
    if os.path.exists(path):
        header = False
        for n, line in enumerate(open(path), 1):
            line = line.strip()
            if not line or line.startswith('#'):
                continue
            p = line.split(',', 2)
            if not header:
                if p != ['mnemonic', 'faulting forms', 'why']:
                    die(f'{path}:{n}: header must be mnemonic,faulting forms,why')
                header = True
                continue
            if len(p) != 3 or not p[1] or not p[2]:
                die(f'{path}:{n}: expected mnemonic,faulting forms,why')
            if p[0] not in mnemonics:
                die(f'{path}:{n}: {p[0]} is not a mnemonic of the decode tables')
            if p[0] in seen:
                die(f'{path}:{n}: {p[0]} listed twice')
            seen.add(p[0])
            rows.append(tuple(p))
    for m, fn in sorted(have.items()):
        if m not in seen and 'not_supported(' in open(fn).read():
            die(f'{fn}: calls not_supported() but {m} has no row in {path} (say which forms fault and why)')

    def q(t):
        return '"' + t.replace('\\', '\\\\').replace('"', '\\"') + '"'
    f.write('namespace {\nconst char* const kLimits[] = {\n')
    for r in rows:
        f.write('  ' + ', '.join(q(x) for x in r) + ',\n')
    f.write('  nullptr};\n}  // namespace\n')
    f.write(f'const char* const* limits_all(size_t* n) {{\n  *n = {len(rows)};\n  return kLimits;\n}}\n')


def main():
    args = [a for a in sys.argv[1:]]
    # --tables-only: decode tables without semantics (every fn = nullptr, no file checks),
    # for decoder-only builds such as the fuzzer (fuzz/fuzzers.txt).
    tables_only = '--tables-only' in args
    if tables_only:
        args.remove('--tables-only')
    chunks = 2
    if '--chunks' in args:
        i = args.index('--chunks')
        try:
            chunks = int(args[i + 1])
        except (IndexError, ValueError):
            die('--chunks needs a number')
        del args[i:i + 2]
    if len(args) != 3:
        die('usage: gen_tables.py ISA_DIR INSNS_DIR OUT_DIR [--chunks N] [--tables-only]')
    isa, insns, out = args
    os.makedirs(out, exist_ok=True)
    gen_fields(isa, out)
    rows = []
    lookups = {}  # family -> {opcode: var}
    seen = {}
    for name, (fam, space, implied) in FAMILIES.items():
        path = os.path.join(isa, name + '.csv')
        if not os.path.exists(path):
            die(f'missing table {path}')
        lookups.setdefault(fam, {})
        for n, op, mn, types, words in read_csv(path):
            row = Row(path, n, name, op, mn, types)
            parse_flags(row, words, implied)
            if op >= space:
                die(f'{path}:{n}: opcode {op:#x} outside the {fam} opcode space')
            if op in lookups[fam]:
                die(f'{path}:{n}: duplicate opcode {op:#x}')
            if mn in seen and name != 'vopd':
                die(f'{path}:{n}: mnemonic {mn} already defined in {seen[mn]}')
            seen[mn] = f'{path}:{n}'
            row.var = f'k_{fam}_{op:x}'
            rows.append(row)
            lookups[fam][op] = row.var
            if name in VOP3_BASE:
                o3 = op + VOP3_BASE[name]
                if o3 in lookups.setdefault('VOP3', {}):
                    die(f'{path}:{n}: VOP3 opcode {o3:#x} collides')
                lookups['VOP3'][o3] = row.var
    # Semantics files: every row has one (its own, or the one its sem= names) unless it is
    # flagged oos; every file belongs to a row that uses it.
    have = {}
    for f in ([] if tables_only else sorted(os.listdir(insns))):
        if f.endswith('.h'):
            have[f[:-2]] = os.path.join(insns, f)
    by_mn = {r.mn: r for r in rows if r.name != 'vopd'}
    used = set()
    for r in rows:
        s = r.sem or r.mn
        if r.sem and r.sem not in by_mn:
            die(f'{r.where()}: sem={r.sem}: no table row has that mnemonic')
        if r.oos:
            if r.mn in have:
                die(f'{have[r.mn]}: semantics file of {r.mn}, whose row ({r.where()}) is flagged oos '
                    '(out of scope): drop the flag or the file')
            continue
        if s not in have:
            if tables_only:
                continue
            die(f'{r.where()}: {r.mn} has no semantics file {os.path.join(insns, s + ".h")} '
                '(add it, or flag the row oos if it is out of scope)')
        used.add(s)
    for m, f in have.items():
        if m in used:
            continue
        if m in by_mn:
            r = by_mn[m]
            die(f'{f}: unused semantics file: the row of {m} ({r.where()}) takes its semantics from '
                f'{r.sem}.h (sem=): delete this file')
        die(f'{f}: semantics file without a table row: no isa/*.csv row has mnemonic {m}')
    handled = sorted(used)
    with open(os.path.join(out, 'handlers.h'), 'w') as f:
        f.write('// Generated by isa/gen_tables.py. Do not edit.\n#pragma once\n')
        f.write('#include "rdna4emu/core/insn.h"\nnamespace rdna4emu::core::insns {\n')
        for m in handled:
            f.write(f'void {m}(Wave& w, const Insn& in);\n')
        f.write('}\n')
    per = (len(handled) + chunks - 1) // chunks
    for c in range(chunks):
        with open(os.path.join(out, f'handlers_{c}.cc'), 'w') as f:
            f.write('// Generated by isa/gen_tables.py. Do not edit.\n')
            f.write('#include "semantics.h"\n#include "handlers.h"\n')
            f.write('namespace rdna4emu::core::insns {\n')
            for m in handled[c * per:(c + 1) * per]:
                f.write(f'void {m}(Wave& w, const Insn& in) {{\n  (void)w; (void)in;\n'
                        f'#include "{m}.h"\n}}\n')
            f.write('}\n')
    with open(os.path.join(out, 'tables.cc'), 'w') as f:
        f.write('// Generated by isa/gen_tables.py from isa/*.csv. Do not edit.\n')
        f.write('#include "rdna4emu/core/insn.h"\n#include "handlers.h"\n')
        f.write('namespace rdna4emu::core {\nnamespace {\n')
        for r in rows:
            s = r.sem or r.mn
            fn = f'&insns::{s}' if s in used else 'nullptr'
            flags = ' | '.join(r.flags) if r.flags else '0'
            semstr = f'"{r.sem}"' if r.sem else 'nullptr'
            tys = ', '.join('OpType::' + t for t in r.types)
            f.write(f'const OpInfo {r.var} = {{"{r.mn}", {fn}, {tys}, uint32_t({flags}), '
                    f'Counter::{r.counter}, {r.op:#x}, Family::{FAMILIES[r.name][0]}, {semstr}, '
                    f'{r.cconst}, WaitKind::{r.wait}, SimmFormat::{r.simm}}};\n')
        spaces = {fam: (1024 if fam == 'VOP3' else sp) for fam, sp, _ in FAMILIES.values()}
        for fam, table in lookups.items():
            f.write(f'const OpInfo* const kLookup_{fam}[{spaces[fam]}] = {{\n')
            for op in range(spaces[fam]):
                f.write(f'  {"&" + table[op] if op in table else "nullptr"},\n')
            f.write('};\n')
        f.write('const OpInfo* const kAll[] = {\n')
        for r in rows:
            f.write(f'  &{r.var},\n')
        f.write('};\n}  // namespace\n')
        f.write('const OpInfo* table_lookup(Family fam, unsigned op) {\n  switch (fam) {\n')
        for fam in lookups:
            f.write(f'    case Family::{fam}: return op < {spaces[fam]} ? kLookup_{fam}[op] : nullptr;\n')
        f.write('    default: return nullptr;\n  }\n}\n')
        f.write('const OpInfo* const* table_all(size_t* n) {\n'
                f'  *n = {len(rows)};\n  return kAll;\n}}\n')
        gen_graphics(isa, f)
        gen_limits(isa, f, {r.mn for r in rows}, have)
        f.write('}  // namespace rdna4emu::core\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
