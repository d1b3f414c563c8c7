"""lit test format of the RDNA4 conformance suite: one lit test per (file, RDNA4 target).

Used by lit.cfg.py. Lives in an importable module because lit pickles test formats for its
worker processes (a class defined inside lit.cfg.py cannot be pickled).
"""

import copy
import json
import os
import re

import lit.formats
import lit.Test

from . import assumes

try:
    from .candidates import model_candidates
except ImportError:  # loaded as a top-level module
    from candidates import model_candidates

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# A runtime test whose `// ASSUMES:` line names a model the device contradicts ends as
# UNSUPPORTED with this message (results.py turns it into MODEL-CONTRADICTED).
CONTRADICTED = "model contradicted: "
NONE = "none of the candidates"


def contradicted_models(ref_model, facts_path=None, candidates=None):
    """{id: device's candidate (or NONE)} for the models a device contradicts:
    ids of RDNA4_REF_MODEL=id=candidate,... naming a non-default candidate, and ids that
    model-facts.json (`rdna4-conformance probe`; RDNA4_MODEL_FACTS) records as matching
    none of the candidates. Raises ValueError on an unknown id or candidate, a malformed
    entry, or an unreadable facts file."""
    cands = model_candidates() if candidates is None else candidates
    out = {}
    for item in (ref_model or "").split(","):
        item = item.strip()
        if not item:
            continue
        aid, eq, cand = item.partition("=")
        if not eq or not aid or not cand:
            raise ValueError("RDNA4_REF_MODEL: '%s' is not id=candidate" % item)
        if aid not in cands:
            raise ValueError("RDNA4_REF_MODEL: unknown model id '%s' (known: %s)"
                             % (aid, " ".join(sorted(cands))))
        if cand not in cands[aid]:
            raise ValueError("RDNA4_REF_MODEL: '%s' is not a candidate of %s (candidates: %s)"
                             % (cand, aid, " ".join(cands[aid])))
        if cand != cands[aid][0]:
            out[aid] = cand
    if facts_path:
        try:
            with open(facts_path) as f:
                doc = json.load(f)
            entries = doc["assumptions"].items()
        except (OSError, ValueError, KeyError, AttributeError) as e:
            raise ValueError("RDNA4_MODEL_FACTS: cannot read %s: %s" % (facts_path, e))
        for aid, e in entries:
            if not isinstance(e, dict) or e.get("verdict") == "probe error":
                continue
            match = e.get("match")
            if not match:
                out.setdefault(aid, NONE)
            elif match != e.get("default") and aid not in out:
                out[aid] = match
    return out


def test_assumes(path):
    """The ids of a test's `// ASSUMES:` lines (assumes.py)."""
    return assumes.read(path)


def contradiction_message(ids, contradicted):
    """'model contradicted: id (device matches cand); ...' for the ids a test assumes."""
    return CONTRADICTED + "; ".join(
        "%s (device matches %s)" % (i, contradicted[i]) for i in ids if i in contradicted)


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

    def _contradicted(self, cfg, litConfig):
        """The contradicted models of this suite's environment, parsed once per config."""
        env = getattr(cfg, "environment", {}) or {}
        key = (env.get("RDNA4_REF_MODEL", ""), env.get("RDNA4_MODEL_FACTS", ""))
        cache = self.__dict__.setdefault("_contradicted_cache", {})
        if key not in cache:
            try:
                cache[key] = contradicted_models(key[0], key[1] or None) if any(key) else {}
            except ValueError as e:
                litConfig.fatal(str(e))
        return cache[key]

    def execute(self, test, litConfig):
        contradicted = self._contradicted(test.config, litConfig)
        if contradicted:
            ids = [i for i in test_assumes(test.getSourcePath()) if i in contradicted]
            if ids:
                return lit.Test.Result(lit.Test.UNSUPPORTED, contradiction_message(ids, contradicted))
        return super().execute(test, litConfig)

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
