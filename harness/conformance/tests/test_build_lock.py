"""build_lock: a second run/check on one build directory waits for the first and says so; a
child of the holder does not wait; another build directory does not wait."""
import os
import subprocess
import sys
import tempfile
import textwrap
import time
import unittest

HARNESS = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
sys.path.insert(0, HARNESS)

from conformance import build_lock  # noqa: E402

# A second process that takes the lock and reports when it has it.
SECOND = textwrap.dedent("""
    import sys, time
    sys.path.insert(0, %r)
    from conformance import build_lock
    t0 = time.time()
    build_lock.hold(sys.argv[1], "second", log=lambda m: print("LOG " + m, flush=True))
    print("HELD after %%.1f s" %% (time.time() - t0), flush=True)
""") % HARNESS


class BuildLockTest(unittest.TestCase):
    def setUp(self):
        self.env_before = os.environ.pop(build_lock.ENV, None)
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def tearDown(self):
        os.environ.pop(build_lock.ENV, None)
        if self.env_before is not None:
            os.environ[build_lock.ENV] = self.env_before

    def second(self, build_dir, env):
        return subprocess.Popen([sys.executable, "-c", SECOND, build_dir], env=env,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)

    def test_second_waits_with_a_message_until_the_first_ends(self):
        d = os.path.join(self.tmp.name, "build")
        f = build_lock.hold(d, "first", log=lambda m: None)
        self.assertIsNotNone(f)
        env = dict(os.environ)
        env.pop(build_lock.ENV, None)  # an unrelated process, not a child of the holder
        p = self.second(d, env)
        time.sleep(1.5)
        self.assertIsNone(p.poll(), "the second process did not wait for the lock")
        build_lock.release(f)
        out, _ = p.communicate(timeout=30)
        self.assertEqual(p.returncode, 0, out)
        self.assertIn("is in use by another rdna4-conformance run or check (first, pid %d"
                      % os.getpid(), out)
        self.assertIn("HELD after", out)
        self.assertGreaterEqual(float(out.split("HELD after ")[1].split()[0]), 1.0)

    def test_child_of_the_holder_does_not_wait(self):
        d = os.path.join(self.tmp.name, "build")
        f = build_lock.hold(d, "parent", log=lambda m: None)
        self.addCleanup(build_lock.release, f)
        out, _ = self.second(d, dict(os.environ)).communicate(timeout=30)
        self.assertIn("HELD after", out)
        self.assertNotIn("in use", out)

    def test_another_build_directory_does_not_wait(self):
        f = build_lock.hold(os.path.join(self.tmp.name, "a"), "a", log=lambda m: None)
        self.addCleanup(build_lock.release, f)
        env = dict(os.environ)
        env.pop(build_lock.ENV, None)
        out, _ = self.second(os.path.join(self.tmp.name, "b"), env).communicate(timeout=30)
        self.assertIn("HELD after", out)
        self.assertNotIn("in use", out)


if __name__ == "__main__":
    unittest.main()
