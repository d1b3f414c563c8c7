"""The models' definitions (harness/emu/models/*.toml), their reader and what is generated.

  * the reader (models.py) refuses a malformed definition with a message naming the file
    and the model, and reads the real files;
  * gen_models.py gives each model an enum of its candidates in definition order (the
    default first) and refuses candidate names that collide in C++;
  * the index of docs/facts/unverified.md is what gen_models.py writes (regenerating it
    changes nothing), and the page has one section per model naming every candidate;
  * every model is read by the emulator (its generated type, model::<Name>, is named in
    harness/emu/core, insns or wmma): a model nothing reads is a stale definition.
Standard library only.
"""
import os
import re
import subprocess
import sys
import tempfile
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
MODELS = os.path.dirname(HERE)
REPO = os.path.dirname(os.path.dirname(os.path.dirname(MODELS)))
sys.path.insert(0, MODELS)
import gen_models  # noqa: E402
import models  # noqa: E402

GOOD = '''[x_model]
default = "a"
behaviour = "what the emulator does, in more than forty characters of text"
unverified = "UNVERIFIED: why"
probe = "x_probe"

[x_model.candidates]
a = "the default"
b = "the other"
'''


def load_text(files):
    with tempfile.TemporaryDirectory() as d:
        for name, text in files.items():
            with open(os.path.join(d, name), "w") as f:
                f.write(text)
        return models.load(d)


class Reader(unittest.TestCase):
    def test_real_definitions(self):
        ms = models.load()
        self.assertGreaterEqual(len(ms), 60)
        self.assertEqual(len({m.id for m in ms}), len(ms))
        self.assertGreaterEqual(sum(len(m.names) for m in ms), 2 * len(ms))
        self.assertEqual(sorted({m.scope for m in ms}), sorted(models.SCOPES))

    def test_a_good_definition(self):
        [m] = load_text({"salu.toml": GOOD})
        self.assertEqual((m.id, m.scope, m.default, m.names, m.probe), ("x_model", "salu", "a", ["a", "b"], "x_probe"))

    def test_refusals(self):
        for text, why in [
            (GOOD.replace('default = "a"', 'default = "b"'), "must be the first candidate"),
            (GOOD.replace('b = "the other"\n', ''), "at least two candidates"),
            (GOOD.replace('[x_model]', '[X-model]').replace('[x_model.', '["X-model".'), "bad model id"),
            (GOOD.replace('b = "the other"', 'B = "the other"'), "bad candidate name"),
            (GOOD.replace('b = "the other"', 'b = ""'), "one-line meaning"),
            (GOOD.replace('probe = "x_probe"\n', ''), "has no 'probe'"),
            (GOOD.replace('probe = "x_probe"', 'probe = "x_probe"\ncolour = "red"'), "unknown field 'colour'"),
            (GOOD.replace('UNVERIFIED: why', 'why'), "must start with UNVERIFIED"),
            (GOOD + GOOD.replace("x_model", "y_model"), "probe name 'x_probe' used by x_model and y_model"),
            (GOOD + '\n[x_model.golden_elsewhere]\na = "x"\n', "not a non-default candidate"),
            ("[x_model\n", "salu.toml"),
        ]:
            with self.assertRaises(ValueError, msg=why) as e:
                load_text({"salu.toml": text})
            self.assertIn(why, str(e.exception))
        with self.assertRaises(ValueError) as e:
            load_text({"salu.toml": GOOD, "valu_int.toml": GOOD.replace('"x_probe"', '"y_probe"')})
        self.assertIn("model x_model already defined", str(e.exception))
        with self.assertRaises(ValueError) as e:
            load_text({"gpu.toml": GOOD})
        self.assertIn("not a scope", str(e.exception))


class Generator(unittest.TestCase):
    def test_enums_in_definition_order(self):
        header, table = gen_models.cpp(models.load())
        for m in models.load():
            enum = "enum class %s : int { %s };" % (gen_models.camel(m.id), ", ".join(gen_models.camel(n) for n in m.names))
            self.assertIn(enum, header)
            self.assertIn('{"%s", "%s", "%s", ' % (m.id, m.scope, m.probe), table)
        self.assertEqual(gen_models.camel("es2_8"), "Es2_8")
        self.assertEqual(gen_models.camel("f32_each_step"), "F32EachStep")

    def test_colliding_cpp_names_refused(self):
        [m] = load_text({"salu.toml": GOOD.replace('b = "the other"', 'a_b = "x"\na__b = "y"')})
        with self.assertRaises(ValueError):
            gen_models.cpp([m])

    def test_cli_refuses_a_bad_command(self):
        r = subprocess.run([sys.executable, os.path.join(MODELS, "gen_models.py"), "nothing"],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 2)


class Users(unittest.TestCase):
    def test_every_model_is_read_by_the_emulator(self):
        emu = os.path.dirname(MODELS)
        code = ""
        for d in ("core", "insns", "wmma"):
            for n in sorted(os.listdir(os.path.join(emu, d))):
                if n.endswith((".h", ".cc", ".cpp")):
                    with open(os.path.join(emu, d, n)) as f:
                        code += f.read()
        self.assertGreater(len(code), 100000)
        unread = [m.id for m in models.load()
                  if not re.search(r"\bmodel::%s\b" % gen_models.camel(m.id), code)]
        self.assertEqual(unread, [], "models no emulator source reads (model::active<model::Name>())")


class UnverifiedPage(unittest.TestCase):
    PAGE = os.path.join(REPO, "docs", "facts", "unverified.md")

    def test_index_regenerates_identically(self):
        r = subprocess.run([sys.executable, os.path.join(MODELS, "gen_models.py"), "index", "--check"],
                           capture_output=True, text=True, timeout=60)
        self.assertEqual(r.returncode, 0, r.stderr)

    def test_a_section_per_model_naming_its_candidates(self):
        with open(self.PAGE) as f:
            doc = f.read()
        sections = dict(re.findall(r"^## ([a-z0-9_]+)\n(.*?)(?=^## |\Z)", doc, re.M | re.S))
        ms = models.load()
        self.assertEqual(sorted(sections), sorted(m.id for m in ms),
                         "docs/facts/unverified.md: one `## <id>` section per model")
        bad = ["%s: candidate `%s` not named in its section" % (m.id, n)
               for m in ms for n in m.names if "`%s`" % n not in sections[m.id]]
        self.assertFalse(bad, "\n  ".join([""] + bad))


if __name__ == "__main__":
    unittest.main()
