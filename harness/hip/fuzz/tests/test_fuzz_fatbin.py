"""Tests of fuzz_fatbin.py's own parts: the MessagePack tokenizer against a document written
by hand, the edge values, the mutations (same length, inside the code object), and the child
classification (a signal is a crash, a kill after the timeout a hang, any exit status is
fine). Python standard library only; no HIP program needed."""
import importlib.util
import os
import random
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location("fuzz_fatbin", os.path.join(HERE, "..", "fuzz_fatbin.py"))
ff = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(ff)


class MsgpackTokens(unittest.TestCase):
    def test_hand_written_document(self):
        # {"ab": 5, "cde": [0xcc 200, 0xcd 0x1234], "f": "xyz"} (MessagePack spec encodings)
        doc = bytes([0x83, 0xa2]) + b"ab" + bytes([0x05, 0xa3]) + b"cde" + \
            bytes([0x92, 0xcc, 200, 0xcd, 0x12, 0x34, 0xa1]) + b"f" + bytes([0xd9, 3]) + b"xyz"
        strs, ints = ff.msgpack_tokens(doc, 100)
        self.assertEqual([(o - 100, n) for _, o, n in strs], [(2, 2), (6, 3), (16, 1), (19, 3)])
        self.assertEqual([(o - 100, w, v) for _, o, w, v in ints], [(4, 0, 5), (11, 1, 200), (13, 2, 0x1234)])
        for _, o, n in strs:
            self.assertTrue(doc[o - 100:o - 100 + n].isalpha())

    def test_unknown_type_is_an_error(self):
        with self.assertRaises(ff.Bad):
            ff.msgpack_tokens(bytes([0xc1]), 0)  # 0xc1 is never used

    def test_edge_values_fit_their_encoding(self):
        rng = random.Random(5)
        for width, top in ((0, 0x7f), (1, 0xff), (2, 0xffff), (4, 0xffffffff)):
            for _ in range(300):
                v = ff.edge_value(rng, width, rng.randint(0, top))
                self.assertTrue(0 <= v <= top, (width, v))


class Mutations(unittest.TestCase):
    def test_mutations_stay_inside_the_code_object(self):
        t = ff.Target.__new__(ff.Target)
        t.data = bytearray(range(256)) * 64
        t.co, t.co_size = 1000, 4000
        t.md, t.md_size = 2000, 200
        doc = bytes([0x82, 0xa1]) + b"k" + bytes([0xce, 0, 0, 0, 8, 0xa1]) + b"v" + bytes([0xa2]) + b"xy"
        t.data[t.md:t.md + len(doc)] = doc
        t.md_size = len(doc)
        t.strs, t.ints = ff.msgpack_tokens(doc, t.md)
        t.rodata = (3000, 64)
        rng = random.Random(1)
        kinds = set()
        for _ in range(500):
            desc, patch = t.mutate(rng)
            kinds.add(desc.split()[0])
            self.assertTrue(patch)
            for off, b in patch.items():
                self.assertTrue(t.co <= off < t.co + t.co_size, desc)
                self.assertTrue(0 <= b <= 255)
            if desc.startswith("md-"):
                self.assertTrue(all(t.md <= o < t.md + t.md_size for o in patch), desc)
        self.assertEqual(kinds, {"md-flip", "md-string", "md-int", "elf-flip", "kd-field"})


class Children(unittest.TestCase):
    def test_signal_is_a_crash(self):
        status, code, _, _ = ff.run_one_cmd(["/bin/sh", "-c", "kill -SEGV $$"], dict(os.environ), 10)
        self.assertEqual((status, code), ("crash", "SIGSEGV"))

    def test_timeout_is_a_hang(self):
        status, _, _, _ = ff.run_one_cmd(["/bin/sh", "-c", "sleep 5"], dict(os.environ), 0.3)
        self.assertEqual(status, "hang")

    def test_any_exit_status_is_fine(self):
        for rc in (0, 1, 2, 77):
            status, code, _, _ = ff.run_one_cmd(["/bin/sh", "-c", "exit %d" % rc], dict(os.environ), 10)
            self.assertEqual((status, code), ("ok", rc))


if __name__ == "__main__":
    unittest.main()
