"""The emulator's models and their candidates, for harness/conformance.

The models are defined once, in harness/emu/models/*.toml, and read by one reader,
harness/emu/models/models.py; this module loads that reader (under the name
rdna4_models) and gives harness/conformance its views of it. Standard library only.
"""

import importlib.util
import os
import sys

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
MODELS_DIR = os.path.join(REPO, "harness", "emu", "models")


def _reader():
    mod = sys.modules.get("rdna4_models")
    if mod is None:
        spec = importlib.util.spec_from_file_location("rdna4_models", os.path.join(MODELS_DIR, "models.py"))
        mod = importlib.util.module_from_spec(spec)
        sys.modules["rdna4_models"] = mod
        spec.loader.exec_module(mod)
    return mod


reader = _reader()


_LOADED = []


def load():
    """[Model] (see harness/emu/models/models.py), read once per process."""
    if not _LOADED:
        _LOADED.append(reader.load())
    return _LOADED[0]


def by_id():
    """{id: Model}."""
    return {m.id: m for m in load()}


def rows():
    """[(id, probe name, [candidates, default first])] in the models' order."""
    return [(m.id, m.probe, m.names) for m in load()]


def model_candidates():
    """{id: [candidates, default first]}."""
    return {m.id: m.names for m in load()}
