"""The one reader of the emulator's models (harness/emu/models/*.toml).

A model is one behaviour the emulator has to choose where no public source fixes what
RDNA4 hardware does (an UNVERIFIED model). Each is defined once, in the .toml file of its
scope; README.md of this directory describes the fields. The C++ selection
(gen_models.py), `rdna4-emu models`, the index of docs/facts/unverified.md, the probes of
`rdna4-conformance probe`, lit's RDNA4_REF_MODEL check and isa_ref's model table all read
the models through this module. Standard library only (tomllib: Python 3.11).
"""

import os
import re
import tomllib

HERE = os.path.dirname(os.path.abspath(__file__))

# The scopes (one file each), in the order the models are listed everywhere.
SCOPES = ("matrix", "valu_int", "dpp", "salu", "valu_float", "vop3p", "buffer", "memory")

NAME = re.compile(r"^[a-z][a-z0-9_]*$")
REQUIRED = ("default", "behaviour", "unverified", "probe", "candidates")
OPTIONAL = ("reference", "golden", "golden_elsewhere")


class Model:
    """One model: id, scope, default (the first candidate), behaviour (what the emulator
    does by default), unverified (what the guide says or leaves open), probe (the probe of
    `rdna4-conformance probe` that decides it), reference (isa_ref's own reading, if isa_ref
    depends on the model), golden (why the non-default candidates have no golden vectors,
    if they have none), golden_elsewhere {candidate: where it is checked instead},
    candidates {name: one-line meaning}, default first."""

    def __init__(self, aid, scope, d):
        self.id, self.scope = aid, scope
        self.default = d["default"]
        self.behaviour, self.unverified = d["behaviour"], d["unverified"]
        self.probe = d["probe"]
        self.reference = d.get("reference", "")
        self.golden = d.get("golden", "")
        self.golden_elsewhere = dict(d.get("golden_elsewhere", {}))
        self.candidates = dict(d["candidates"])

    @property
    def names(self):
        return list(self.candidates)


def _check(where, aid, d, probes):
    if not NAME.match(aid):
        raise ValueError("%s: bad model id '%s'" % (where, aid))
    for k in REQUIRED:
        if k not in d:
            raise ValueError("%s: model %s has no '%s'" % (where, aid, k))
    for k in d:
        if k not in REQUIRED + OPTIONAL:
            raise ValueError("%s: model %s: unknown field '%s'" % (where, aid, k))
    for k in ("default", "behaviour", "unverified", "probe", "reference", "golden"):
        if k in d and not isinstance(d[k], str):
            raise ValueError("%s: model %s: '%s' must be a string" % (where, aid, k))
    cands = d["candidates"]
    if not isinstance(cands, dict) or len(cands) < 2:
        raise ValueError("%s: model %s needs at least two candidates (default first)" % (where, aid))
    for n, meaning in cands.items():
        if not NAME.match(n):
            raise ValueError("%s: model %s: bad candidate name '%s'" % (where, aid, n))
        if not isinstance(meaning, str) or not meaning.strip() or "\n" in meaning:
            raise ValueError("%s: model %s: candidate %s needs a one-line meaning" % (where, aid, n))
    if d["default"] != next(iter(cands)):
        raise ValueError("%s: model %s: default '%s' must be the first candidate" % (where, aid, d["default"]))
    if not d["unverified"].startswith("UNVERIFIED"):
        raise ValueError("%s: model %s: 'unverified' must start with UNVERIFIED" % (where, aid))
    if len(d["behaviour"]) < 40:
        raise ValueError("%s: model %s: 'behaviour' says too little" % (where, aid))
    if not NAME.match(d["probe"]):
        raise ValueError("%s: model %s: bad probe name '%s'" % (where, aid, d["probe"]))
    if d["probe"] in probes:
        raise ValueError("%s: probe name '%s' used by %s and %s" % (where, d["probe"], probes[d["probe"]], aid))
    probes[d["probe"]] = aid
    for c in d.get("golden_elsewhere", {}):
        if c not in cands or c == d["default"]:
            raise ValueError("%s: model %s: golden_elsewhere names '%s', not a non-default candidate"
                             % (where, aid, c))


def load(directory=HERE):
    """[Model] in SCOPES order, then file order. Raises ValueError (with file and model)
    on a malformed definition: unknown or missing field, bad name, fewer than two
    candidates, default not first, repeated id or probe name, a .toml file of no scope."""
    found = sorted(f[:-5] for f in os.listdir(directory) if f.endswith(".toml"))
    for s in found:
        if s not in SCOPES:
            raise ValueError("%s.toml: not a scope of models.py SCOPES %s" % (os.path.join(directory, s), SCOPES))
    out, seen, probes = [], {}, {}
    for scope in SCOPES:
        path = os.path.join(directory, scope + ".toml")
        if not os.path.exists(path):
            continue
        with open(path, "rb") as f:
            try:
                data = tomllib.load(f)
            except tomllib.TOMLDecodeError as e:
                raise ValueError("%s: %s" % (path, e))
        for aid, d in data.items():
            if not isinstance(d, dict):
                raise ValueError("%s: '%s' is not a model table" % (path, aid))
            _check(path, aid, d, probes)
            if aid in seen:
                raise ValueError("%s: model %s already defined in %s" % (path, aid, seen[aid]))
            seen[aid] = path
            out.append(Model(aid, scope, d))
    return out


def candidates(directory=HERE):
    """{id: [candidates, default first]}."""
    return {m.id: m.names for m in load(directory)}


def by_id(directory=HERE):
    return {m.id: m for m in load(directory)}
