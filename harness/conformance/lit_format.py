"""lit test format of the RDNA4 conformance suite: one lit test per (file, RDNA4 target).

Used by lit.cfg.py. Lives in an importable module because lit pickles test formats for its
worker processes (a class defined inside lit.cfg.py cannot be pickled).
"""

import copy

import lit.formats
import lit.Test


class FileTest(lit.Test.Test):
    """A lit test whose name (path_in_suite + target) differs from its source file."""

    def getSourcePath(self):
        return self.file_path or super().getSourcePath()


class PerTargetShTest(lit.formats.ShTest):
    """ShTest that expands every test file into one lit test per RDNA4 target.

    Test names are <path>/<target>; %target and %arch expand to the target, and the feature
    target-<gfx> is set for that test only. SINGLE-TARGET files and .test files run once
    (with %target = the first target)."""

    def _single(self, path):
        if path.endswith(".test"):
            return True
        try:
            with open(path, "rb") as f:
                head = f.read(2048)
        except OSError:
            return False
        return b"SINGLE-TARGET" in head

    def _per_target_config(self, cfg, target):
        c = copy.copy(cfg)
        c.available_features = set(cfg.available_features) | {"target-" + target}
        c.substitutions = list(cfg.substitutions) + [("%target", target), ("%arch", target)]
        return c

    def getTestsForPath(self, testSuite, path_in_suite, litConfig, localConfig):
        filename = path_in_suite[-1]
        if filename.startswith(".") or filename in localConfig.excludes:
            return
        if not any(filename.endswith(s) for s in localConfig.suffixes):
            return
        source = testSuite.getSourcePath(path_in_suite)
        tlist = getattr(localConfig, "rdna4_targets", None) or ["gfx1201"]
        if self._single(source):
            yield FileTest(testSuite, path_in_suite,
                           self._per_target_config(localConfig, tlist[0]), file_path=source)
            return
        for i, t in enumerate(tlist):
            test = FileTest(testSuite, path_in_suite + (t,),
                            self._per_target_config(localConfig, t), file_path=source)
            if not getattr(test, "previous_elapsed", 1) and not getattr(test, "previous_failure", 0):
                # No recorded time (fresh exec root): lit's default order is by name, which
                # puts a file's targets side by side; order by target first instead, so that
                # the runtime suite's shared two-target compile (hipcc.py RDNA4_HIPCC_CACHE)
                # is made by one target while the other file of the pair waits for nothing.
                test.previous_elapsed = 1e-9 * (len(tlist) - i)
            yield test
