"""gen_tables.py refuses inconsistent tables with a message naming the file and line.

Run: python3 -m unittest discover -s harness/emu/isa/tests
"""
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
ISA = os.path.dirname(HERE)
GEN = os.path.join(ISA, 'gen_tables.py')
INSNS = os.path.join(os.path.dirname(ISA), 'insns')
sys.path.insert(0, ISA)
import gen_tables  # noqa: E402  (the table names: gen_tables.FAMILIES)
TABLES = tuple(gen_tables.FAMILIES)


def run_gen(isa, insns, out):
    return subprocess.run([sys.executable, GEN, isa, insns, out], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True)


class Tables:
    """A throw-away ISA_DIR / INSNS_DIR pair: empty tables plus what a test writes."""

    def __init__(self, tmp):
        self.isa = os.path.join(tmp, 'isa')
        self.insns = os.path.join(tmp, 'insns')
        self.out = os.path.join(tmp, 'out')
        os.makedirs(self.isa)
        os.makedirs(self.insns)
        for t in TABLES:
            with open(os.path.join(self.isa, t + '.csv'), 'w') as f:
                f.write('# ' + t + '\n')
        shutil.copy(os.path.join(ISA, 'fields.csv'), self.isa)

    def rows(self, table, *lines):
        with open(os.path.join(self.isa, table + '.csv'), 'a') as f:
            for line in lines:
                f.write(line + '\n')

    def semantics(self, mnemonic, body='// test\n'):
        with open(os.path.join(self.insns, mnemonic + '.h'), 'w') as f:
            f.write(body)

    def run(self):
        return run_gen(self.isa, self.insns, self.out)


class GenTablesErrors(unittest.TestCase):
    def setUp(self):
        self._tmp = tempfile.TemporaryDirectory()
        self.t = Tables(self._tmp.name)

    def tearDown(self):
        self._tmp.cleanup()

    def assertFails(self, *needles):
        r = self.t.run()
        self.assertNotEqual(r.returncode, 0, 'gen_tables.py accepted bad input')
        self.assertIn('gen_tables.py: error:', r.stderr)
        for n in needles:
            self.assertIn(n, r.stderr)
        return r.stderr

    def test_consistent_tables_pass(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,')
        self.t.semantics('v_mov_b32')
        r = self.t.run()
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(self.t.out, 'tables.cc')) as f:
            self.assertIn('&insns::v_mov_b32', f.read())

    def test_semantics_file_without_row(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,')
        self.t.semantics('v_mov_b32')
        self.t.semantics('v_orphan_b32')
        self.assertFails(os.path.join(self.t.insns, 'v_orphan_b32.h'), 'without a table row')

    def test_row_without_semantics(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,', '0x02,v_missing_b32,b32,b32,,,')
        self.t.semantics('v_mov_b32')
        # The table's first line is a comment: the second row is on line 3.
        self.assertFails(os.path.join(self.t.isa, 'vop1.csv') + ':3', 'v_missing_b32',
                         'no semantics file', 'oos')

    def test_partial_semantics_need_a_limits_row(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,')
        self.t.semantics('v_mov_b32', 'if (x) not_supported(w, in, "some form");\n')
        self.assertFails(os.path.join(self.t.insns, 'v_mov_b32.h'), 'not_supported()', 'limits.csv')
        with open(os.path.join(self.t.isa, 'limits.csv'), 'w') as f:
            f.write('mnemonic,faulting forms,why\nv_mov_b32,some form,a reason\n')
        r = self.t.run()
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(self.t.out, 'tables.cc')) as f:
            self.assertIn('"v_mov_b32", "some form", "a reason"', f.read())
        with open(os.path.join(self.t.isa, 'limits.csv'), 'a') as f:
            f.write('v_nosuch_b32,x,y\n')
        self.assertFails('limits.csv:3', 'v_nosuch_b32 is not a mnemonic')

    def test_row_flagged_out_of_scope_needs_no_semantics(self):
        self.t.rows('vop1', '0x02,v_missing_b32,b32,b32,,,oos')
        r = self.t.run()
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(self.t.out, 'tables.cc')) as f:
            text = f.read()
        self.assertIn('"v_missing_b32", nullptr', text)

    def test_out_of_scope_row_with_semantics_file(self):
        self.t.rows('vop1', '0x02,v_missing_b32,b32,b32,,,oos')
        self.t.semantics('v_missing_b32')
        self.assertFails('v_missing_b32.h', 'flagged oos')

    def test_cmpx_row_uses_the_compare_semantics(self):
        self.t.rows('vopc', '0x11,v_cmp_lt_f32,mask,f32,f32,,', '0x91,v_cmpx_lt_f32,,f32,f32,,cmpx')
        self.t.semantics('v_cmp_lt_f32')
        r = self.t.run()
        self.assertEqual(r.returncode, 0, r.stderr)
        with open(os.path.join(self.t.out, 'tables.cc')) as f:
            self.assertIn('"v_cmpx_lt_f32", &insns::v_cmp_lt_f32', f.read())

    def test_copied_cmpx_file_is_refused(self):
        self.t.rows('vopc', '0x11,v_cmp_lt_f32,mask,f32,f32,,', '0x91,v_cmpx_lt_f32,,f32,f32,,cmpx')
        self.t.semantics('v_cmp_lt_f32')
        self.t.semantics('v_cmpx_lt_f32')
        self.assertFails('v_cmpx_lt_f32.h', 'unused semantics file', 'v_cmp_lt_f32')

    def test_sem_naming_an_unknown_row(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,sem=v_nowhere_b32')
        self.assertFails(os.path.join(self.t.isa, 'vop1.csv') + ':2', 'sem=v_nowhere_b32')

    def test_unknown_flag(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,frobnicate')
        self.t.semantics('v_mov_b32')
        self.assertFails(os.path.join(self.t.isa, 'vop1.csv') + ':2', "unknown flag 'frobnicate'")

    def test_bad_flag_value(self):
        self.t.rows('sopp', '0x40,s_wait_loadcnt,,,,,wait=sometimes')
        self.t.semantics('s_wait_loadcnt')
        self.assertFails('sopp.csv:2', "unknown flag 'wait=sometimes'")

    def test_lds_flag_outside_ds(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,lds=r')
        self.t.semantics('v_mov_b32')
        self.assertFails('vop1.csv:2', 'lds=')

    def test_field_crossing_a_word(self):
        with open(os.path.join(self.t.isa, 'fields.csv'), 'a') as f:
            f.write('VOP3,bad,35,30\n')
        self.assertFails('fields.csv:', 'must lie in one 32-bit word')

    def test_wrong_field_count(self):
        self.t.rows('vop1', '0x01,v_mov_b32,b32,b32,,')
        self.assertFails('vop1.csv:2', 'expected 7 comma-separated fields')


class TablesOnly(unittest.TestCase):
    def test_tables_only_needs_no_semantics(self):
        # the fuzzer's decoder-only build: rows without files, fn = nullptr everywhere
        with tempfile.TemporaryDirectory() as tmp:
            t = Tables(tmp)
            t.rows('vop1', '0x01,v_mov_b32,b32,b32,,,')
            r = subprocess.run([sys.executable, GEN, t.isa, t.insns, t.out, '--tables-only'],
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            self.assertEqual(r.returncode, 0, r.stderr)
            with open(os.path.join(t.out, 'tables.cc')) as f:
                self.assertIn('"v_mov_b32", nullptr', f.read())
            self.assertTrue(os.path.exists(os.path.join(t.out, 'fields.h')))


class RealTables(unittest.TestCase):
    def test_project_tables_generate(self):
        with tempfile.TemporaryDirectory() as out:
            r = run_gen(ISA, INSNS, out)
            self.assertEqual(r.returncode, 0, r.stderr)


if __name__ == '__main__':
    unittest.main()
