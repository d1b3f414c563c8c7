#!/usr/bin/env python3
"""Turn the decode tables (isa/*.csv) into C++ (run by CMake at build time).

  gen_tables.py ISA_DIR INSNS_DIR OUT_DIR [--chunks N]

Writes OUT_DIR/tables.cc (OpInfo rows and opcode lookup arrays),
OUT_DIR/handlers.h (declarations) and OUT_DIR/handlers_K.cc (one semantic
function per mnemonic, whose body is insns/<mnemonic>.h, Spike style).
A row whose insns/<mnemonic>.h is missing gets fn = nullptr: it decodes,
and faults as "not implemented" when executed.
Exits non-zero with a message naming the file and line on malformed input."""
import os, sys

FAMILIES = {  # csv name -> (Family enumerator, opcode space size, implied flags)
    'sop1': ('SOP1', 256, ''), 'sop2': ('SOP2', 128, ''), 'sopk': ('SOPK', 32, ''),
    'sopc': ('SOPC', 128, ''), 'sopp': ('SOPP', 128, ''), 'smem': ('SMEM', 64, ''),
    'vop1': ('VOP1', 256, 'F_VECTOR'), 'vop2': ('VOP2', 64, 'F_VECTOR'),
    'vopc': ('VOPC', 256, 'F_VECTOR'), 'vop3': ('VOP3', 1024, 'F_VECTOR'),
    'vop3p': ('VOP3P', 128, 'F_VECTOR'), 'vopd': ('VOPD', 32, 'F_VECTOR'),
    'ds': ('DS', 256, 'F_VECTOR'), 'vflat': ('VFLAT', 256, 'F_VECTOR'),
    'vglobal': ('VGLOBAL', 256, 'F_VECTOR'), 'vscratch': ('VSCRATCH', 256, 'F_VECTOR'),
}
VOP3_BASE = {'vop1': 0x180, 'vop2': 0x100, 'vopc': 0x000}
TYPES = {'': 'None', 'b16': 'B16', 'i16': 'B16', 'u16': 'B16', 'f16': 'F16', 'bf16': 'BF16',
         'b32': 'B32', 'i32': 'B32', 'u32': 'B32', 'f32': 'F32', 'b64': 'B64', 'i64': 'I64',
         'u64': 'B64', 'f64': 'F64', 'mask': 'Mask', 'b96': 'B96', 'b128': 'B128', 'b256': 'B256',
         'b512': 'B512', 'trb128': 'TrB128', 'trb64': 'TrB64', 'w1': 'W1', 'w2': 'W2', 'w4': 'W4',
         'w8': 'W8'}
FLAGS = {'wmma': 'F_WMMA', 'scc': 'F_SCC', 'cmpx': 'F_CMPX', 'sd': 'F_SD', 'branch': 'F_BRANCH', 'nop': 'F_NOP',
         'atomic': 'F_ATOMIC'}
COUNTERS = ('LOAD', 'STORE', 'DS', 'KM')


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


def main():
    if len(sys.argv) < 4:
        die('usage: gen_tables.py ISA_DIR INSNS_DIR OUT_DIR [--chunks N]')
    isa, insns, out = sys.argv[1:4]
    chunks = 2
    if '--chunks' in sys.argv:
        chunks = int(sys.argv[sys.argv.index('--chunks') + 1])
    os.makedirs(out, exist_ok=True)
    infos = []   # (var, family, opcode, mnemonic, types, flags, counter, vopd_sem)
    lookups = {}  # family -> {opcode: var}
    seen = {}
    for name, (fam, space, implied) in FAMILIES.items():
        path = os.path.join(isa, name + '.csv')
        if not os.path.exists(path):
            die(f'missing table {path}')
        lookups.setdefault(fam, {})
        for n, op, mn, types, flags in read_csv(path):
            if op >= space:
                die(f'{path}:{n}: opcode {op:#x} outside the {fam} opcode space')
            if op in lookups[fam]:
                die(f'{path}:{n}: duplicate opcode {op:#x}')
            fl = [implied] if implied else []
            counter = 'None'
            sem = None
            for t in flags:
                if name == 'vopd' and not sem:
                    sem = t
                elif t in FLAGS:
                    fl.append(FLAGS[t])
                elif t.startswith('cnt=') and t[4:] in COUNTERS:
                    counter = t[4:]
                else:
                    die(f'{path}:{n}: unknown flag {t!r}')
            var = f'k_{fam}_{op:x}'
            key = (fam, mn)
            if mn in seen and name != 'vopd':
                die(f'{path}:{n}: mnemonic {mn} already defined in {seen[mn]}')
            seen[mn] = path
            infos.append((var, fam, op, mn, types, fl, counter, sem))
            lookups[fam][op] = var
            if name in VOP3_BASE:
                o3 = op + VOP3_BASE[name]
                if o3 in lookups.setdefault('VOP3', {}):
                    die(f'{path}:{n}: VOP3 opcode {o3:#x} collides')
                lookups['VOP3'][o3] = var
    # Semantics files.
    def sem_of(mn, sem):
        return sem if sem else mn
    have = set(f[:-2] for f in os.listdir(insns) if f.endswith('.h'))
    handled = sorted(set(sem_of(i[3], i[7]) for i in infos) & have)
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
        for var, fam, op, mn, types, fl, counter, sem in infos:
            s = sem_of(mn, sem)
            fn = f'&insns::{s}' if s in have else 'nullptr'
            flags = ' | '.join(fl) if fl else '0'
            semstr = f'"{sem}"' if sem else 'nullptr'
            tys = ', '.join('OpType::' + t for t in types)
            f.write(f'const OpInfo {var} = {{"{mn}", {fn}, {tys}, uint16_t({flags}), '
                    f'Counter::{counter}, {op:#x}, Family::{fam}, {semstr}}};\n')
        for fam, table in lookups.items():
            space = 1024 if fam == 'VOP3' else FAMILIES[[k for k, v in FAMILIES.items() if v[0] == fam][0]][1]
            f.write(f'const OpInfo* const kLookup_{fam}[{space}] = {{\n')
            for op in range(space):
                f.write(f'  {"&" + table[op] if op in table else "nullptr"},\n')
            f.write('};\n')
        f.write('const OpInfo* const kAll[] = {\n')
        for i in infos:
            f.write(f'  &{i[0]},\n')
        f.write('};\n}  // namespace\n')
        f.write('const OpInfo* table_lookup(Family fam, unsigned op) {\n  switch (fam) {\n')
        for fam in lookups:
            space = 1024 if fam == 'VOP3' else FAMILIES[[k for k, v in FAMILIES.items() if v[0] == fam][0]][1]
            f.write(f'    case Family::{fam}: return op < {space} ? kLookup_{fam}[op] : nullptr;\n')
        f.write('    default: return nullptr;\n  }\n}\n')
        f.write('const OpInfo* const* table_all(size_t* n) {\n'
                f'  *n = {len(infos)};\n  return kAll;\n}}\n')
        f.write('}  // namespace rdna4emu::core\n')
    return 0


if __name__ == '__main__':
    sys.exit(main())
