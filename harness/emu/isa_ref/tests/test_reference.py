"""Self-tests of the independent reference: hand-derived IEEE 754-2019 and
ISA-guide values (never taken from the emulator), the golden-file parser, and
the differential comparison's ability to fail. No emulator or LLVM needed."""
import os
import random
import sys
import unittest
from fractions import Fraction

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from isa_ref import diff, fops, fp, golden, salu, sdiff, valu  # noqa: E402
from isa_ref.fp import F16, F32, F64, RDN, RNE, RTZ, RUP  # noqa: E402


class Rounding(unittest.TestCase):
    def test_ties_and_directions(self):
        one_plus_half_ulp = 1 + Fraction(1, 2 ** 24)
        self.assertEqual(F32.round(one_plus_half_ulp, RNE), 0x3f800000)  # tie to even: 1.0
        self.assertEqual(F32.round(one_plus_half_ulp, RUP), 0x3f800001)
        self.assertEqual(F32.round(-one_plus_half_ulp, RDN), 0xbf800001)
        self.assertEqual(F32.round(-one_plus_half_ulp, RTZ), 0xbf800000)
        self.assertEqual(F32.round(1 + Fraction(3, 2 ** 24), RNE), 0x3f800002)  # tie, 1+ulp is odd -> up

    def test_overflow(self):
        self.assertEqual(F16.round(65520, RNE), 0x7c00)  # half way to 2^16: rounds to inf
        self.assertEqual(F16.round(65519, RNE), 0x7bff)  # 65504
        self.assertEqual(F16.round(10 ** 6, RTZ), 0x7bff)  # toward zero never overflows to inf
        self.assertEqual(F16.round(-10 ** 6, RUP), 0xfbff)
        self.assertEqual(F16.round(-10 ** 6, RDN), 0xfc00)

    def test_subnormals(self):
        self.assertEqual(F32.round(Fraction(1, 2 ** 149)), 0x00000001)
        self.assertEqual(F32.round(Fraction(1, 2 ** 150)), 0x00000000)  # tie between 0 and 2^-149: even is 0
        self.assertEqual(F32.round(Fraction(3, 2 ** 151)), 0x00000001)
        self.assertEqual(F64.round(Fraction(1, 2 ** 1074)), 0x1)

    def test_literals(self):
        self.assertEqual(fp.parse_literal("1.5", F32), 0x3fc00000)
        self.assertEqual(fp.parse_literal("-0.5", F16), 0xb800)
        self.assertEqual(fp.parse_literal("0x1p-149", F32), 0x1)
        self.assertEqual(fp.parse_literal("0.1", F32), 0x3dcccccd)
        self.assertEqual(fp.parse_literal("snan", F32), 0x7f800001)
        self.assertEqual(fp.parse_literal("-0", F64), 1 << 63)

    def test_integer_path_matches_fractions(self):
        rng = random.Random(7)
        for fmt in (F16, F32, F64):
            for mode in (RNE, RTZ, RUP, RDN):
                for _ in range(300):
                    m = rng.getrandbits(rng.randint(1, 120))
                    e = rng.randint(-1200, 1100)
                    s = rng.getrandbits(1)
                    v = Fraction(m) * Fraction(2) ** e * (-1 if s else 1)
                    self.assertEqual(fmt.round_int(s, m, e, mode), fmt.round(v, mode, sign_of_zero=s))


class FloatOps(unittest.TestCase):
    c = fops.Ctx()

    def test_add_special(self):
        self.assertEqual(fops.add(F32, 0x7f800000, 0xff800000, self.c), 0x7fc00000)  # inf - inf: default NaN
        self.assertEqual(fops.add(F32, 0x80000000, 0x80000000, self.c), 0x80000000)  # -0 + -0 = -0
        self.assertEqual(fops.add(F32, 0x3f800000, 0xbf800000, self.c), 0x00000000)  # x - x = +0
        self.assertEqual(fops.add(F32, 0x3f800000, 0xbf800000, fops.Ctx(round_mode=RDN)), 0x80000000)
        self.assertEqual(fops.add(F32, 0x7f800001, 0x7fc00002, self.c), 0x7fc00001)  # first NaN, quieted

    def test_fma_single_rounding(self):
        a = F32.round(1 + Fraction(1, 2 ** 12))
        b = F32.round(1 - Fraction(1, 2 ** 12))
        # a*b = 1 - 2^-24 exactly; fma(a, b, -1) = -2^-24 (a separate multiply would round to 1 and give 0)
        self.assertEqual(fops.fma(F32, a, b, 0xbf800000, self.c), 0xb3800000)

    def test_sqrt_rsq(self):
        self.assertEqual(fops.sqrt(F32, 0x40000000, self.c), 0x3fb504f3)  # sqrt(2) = 1.41421353816986 (RNE)
        self.assertEqual(fops.rsq(F32, 0x40800000, self.c), 0x3f000000)  # 1/sqrt(4) = 0.5 exactly
        # 1/sqrt(0.5 - 2^-25) = 1.4142136045..., above the midpoint 1.4142135977 of 0x3fb504f3/f4
        self.assertEqual(fops.rsq(F32, 0x3effffff, self.c), 0x3fb504f4)
        self.assertEqual(fops.sqrt(F32, 0xbf800000, self.c), 0x7fc00000)
        self.assertEqual(fops.sqrt(F32, 0x80000000, self.c), 0x80000000)

    def test_exp_log(self):
        # 2^(2^-149) is just above 1: toward +inf gives the next float, to nearest gives 1
        self.assertEqual(fops.exp2(F32, 0x00000001, fops.Ctx(round_mode=RUP)), 0x3f800001)
        self.assertEqual(fops.exp2(F32, 0x00000001, self.c), 0x3f800000)
        self.assertEqual(fops.exp2(F32, 0x41000000, self.c), 0x43800000)  # 2^8 exactly
        self.assertEqual(fops.log2(F32, 0x33800000, fops.Ctx(round_mode=RTZ)), 0xc1c00000)  # log2(2^-24) = -24
        self.assertEqual(fops.log2(F32, 0xbf800000, self.c), 0x7fc00000)  # negative: default NaN
        self.assertEqual(fops.log2(F32, 0x80000000, self.c), 0xff800000)  # log2(-0) = -inf

    def test_conversions(self):
        self.assertEqual(fops.to_int(F32, 0x7fc00000, self.c, 32, True), 0)
        self.assertEqual(fops.to_int(F32, 0x4f800000, self.c, 32, True), 0x7fffffff)  # 2^32 saturates
        self.assertEqual(fops.to_int(F32, 0xbfc00000, self.c, 32, True), 0xffffffff)  # -1.5 -> -1
        self.assertEqual(fops.to_int(F32, 0xbfc00000, self.c, 32, False), 0)
        self.assertEqual(fops.convert(F32, F16, 0x477ff000, self.c), 0x7c00)  # 65520 -> inf (RNE)
        self.assertEqual(fops.convert(F32, F16, 0x7f800000, fops.Ctx(round_mode=RTZ)), 0x7c00)  # inf is exact

    def test_min_max_and_class(self):
        self.assertEqual(fops.min_num(F32, 0x7fc00000, 0x3f800000, self.c), 0x3f800000)
        self.assertEqual(fops.minimum(F32, 0x7fc00000, 0x3f800000, self.c), 0x7fc00000)
        self.assertEqual(fops.max_num(F32, 0x80000000, 0x00000000, self.c), 0x00000000)  # +0 > -0
        self.assertTrue(fops.fclass(F32, 0x00000001, 1 << 7))  # positive denormal
        self.assertTrue(fops.fclass(F32, 0x7f800001, 1 << 0))  # signalling NaN
        self.assertTrue(fops.cmp(F32, "nlg", 0x7fc00000, 0x3f800000, self.c))  # unordered: not (< or >)


class Integer(unittest.TestCase):
    c = fops.Ctx()

    def test_valu(self):
        self.assertEqual(valu.OPS["v_bfe_i32"].fn(self.c, 0x000000f0, 4, 4), 0xffffffff)  # field 0xf signed = -1
        self.assertEqual(valu.OPS["v_mul_hi_i32_i24"].fn(self.c, 0x800000, 0x800000), 0x4000)  # (-2^23)^2 = 2^46; >> 32
        self.assertEqual(valu.OPS["v_mul_i32_i24"].fn(self.c, 0xff800000, 2), 0xff000000)  # -2^23 * 2
        # bytes of {S0, S1} = 0x11223344_55667788: sel 7 -> 0x11, 0 -> 0x88, 13 -> 0xff, 12 -> 0x00
        self.assertEqual(valu.OPS["v_perm_b32"].fn(self.c, 0x11223344, 0x55667788, 0x0c0d0007), 0x00ff8811)
        self.assertEqual(valu.OPS["v_add_co_u32"].fn(self.c, 0xffffffff, 1), (0, 1))

    def test_salu(self):
        self.assertEqual(salu.OPS["s_max_i32"].fn(self.c, 5, 5, 0), (5, 1))  # SCC = S0 >= S1
        self.assertEqual(salu.OPS["s_absdiff_i32"].fn(self.c, 0x80000000, 0x1f, 0), (0x7fffffe1, 1))
        self.assertEqual(salu.OPS["s_bfe_i32"].fn(self.c, 0x80000000, 0x007f001e, 0), (0xfffffffe, 1))
        self.assertEqual(salu.OPS["s_addk_co_i32"].fn(self.c, 0x0001, 0x7fffffff, 0), (0x80000000, 1))


class Dpp(unittest.TestCase):
    def test_sources(self):
        self.assertIsNone(diff.Dpp("row_shl", 1).source(15))
        self.assertEqual(diff.Dpp("row_shl", 1).source(16), 17)
        self.assertEqual(diff.Dpp("row_ror", 1).source(16), 31)
        self.assertEqual(diff.Dpp("row_half_mirror").source(9), 14)
        self.assertEqual(diff.Dpp("row_share", 3).source(37), 35)
        self.assertEqual(diff.Dpp("row_xmask", 5).source(2), 7)
        self.assertEqual(diff.Dpp("dpp8", [7, 6, 5, 4, 3, 2, 1, 0]).source(9), 14)
        self.assertFalse(diff.Dpp("row_shl", 1, row_mask=0xe).writes(3))


class Golden(unittest.TestCase):
    def parse(self, text):
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".golden", delete=False) as f:
            f.write(text)
        try:
            return golden.parse_file(f.name)
        finally:
            os.unlink(f.name)

    def test_line(self):
        vs, errs = self.parse("w64: v_add_f32 v0, v1, v2 ; v1=f32(1.5) v2=[1, -1] exec=0x3 ; v0[1]=0x3fc00000 # c\n")
        self.assertEqual(errs, [])
        v = vs[0]
        self.assertTrue(v.wave64)
        self.assertEqual(v.inputs[0][1], ("scalar", 0x3fc00000))
        self.assertEqual(v.inputs[1][1], ("list", [1, 0xffffffff]))
        self.assertEqual(v.inputs[2][0].count, 2)  # exec is 64 bits in a wave64

    def test_errors(self):
        for bad in ("v_nop ; v1=0x1ffffffff ; v0=0\n", "v_nop ; v1=1\n", "v_nop ; s1=[1,2] ; v0=0\n",
                    "v_nop ; ; \n", "v_nop ; v1=f16(1e9x) ; v0=0\n"):
            vs, errs = self.parse(bad)
            self.assertEqual(vs, [], bad)
            self.assertEqual(len(errs), 1, bad)


class CompareCanFail(unittest.TestCase):
    """The comparison reports a single wrong bit in one lane (VALU) and a
    wrong SCC in one wave (SALU)."""

    def test_valu(self):
        op = valu.OPS["v_add_nc_u32"]
        form = diff.Form(op, "e32", [diff.Src("v", "u32"), diff.Src("v", "u32")])
        vec = diff.Vectors(form, random.Random(1))
        _, L, _ = diff.build_kernel(form, vec, "k")
        dst, _, _ = diff.reference(form, vec)
        out = bytearray(b"".join((x & 0xffffffff).to_bytes(4, "little") for x in dst))
        self.assertEqual(diff.compare(form, vec, L, bytes(out)), [])
        out[4 * 77] ^= 1
        bad = diff.compare(form, vec, L, bytes(out))
        self.assertEqual([(b[0], b[1]) for b in bad], [(77, "dst")])

    def test_salu(self):
        op = salu.OPS["s_add_co_u32"]
        form = sdiff.SForm(op, [diff.Src("s", "u32"), diff.Src("s", "u32")])
        vec = sdiff.Vectors(form, random.Random(2))
        dst, scc = sdiff.reference(form, vec)
        out = bytearray()
        for d, c in zip(dst, scc):
            out += d.to_bytes(8, "little") + c.to_bytes(4, "little") + (0xffffffff).to_bytes(4, "little") + bytes(16)
        self.assertEqual(sdiff.compare(form, vec, None, bytes(out)), [])
        out[32 * 5 + 8] ^= 1
        self.assertEqual([(b[0], b[1]) for b in sdiff.compare(form, vec, None, bytes(out))], [(5, "scc")])


class NewForms(unittest.TestCase):
    """Hand-derived values of the division, trigonometric and fp8 references."""

    def test_pi_and_two_over_pi(self):
        self.assertEqual(fops.pi_fixed(64), 0x3243f6a8885a308d3)  # pi = 3.243f6a8885a308d3... (hex)
        f = valu.OPS["v_trig_preop_f64"].fn
        self.assertEqual(f(fops.Ctx(), 0x3ff0000000000000, 0), 0x3fe45f306dc9c882)  # 2/pi = 0.a2f9836e4e44...

    def test_sin_cos_exact_points(self):
        c = fops.Ctx()
        sin = valu.OPS["v_sin_f32"].fn
        cos = valu.OPS["v_cos_f32"].fn
        self.assertEqual(sin(c, 0x3e800000), 0x3f800000)  # sin(pi/2)
        self.assertEqual(sin(c, 0x3f000000), 0)  # sinPi(1) = +0
        self.assertEqual(sin(c, 0xbf000000), 0x80000000)  # sinPi(-1) = -0
        self.assertEqual(cos(c, 0x3e800000), 0)  # cosPi(1/2) = +0
        self.assertEqual(cos(c, 0x3f000000), 0xbf800000)
        self.assertEqual(sin(c, 0x3e000000), 0x3f3504f3)  # sin(pi/4) = 0.70710677 (RNE f32)
        self.assertEqual(cos(fops.Ctx(round_mode=RTZ), 1), 0x3f7fffff)  # 1 - tiny toward zero

    def test_fp8(self):
        self.assertEqual(fops.f32_to_f8(F32.round(464), False), 0x7e)  # halfway 448/480: even is 448
        self.assertEqual(fops.f32_to_f8(F32.round(465), False), 0x7f)  # beyond: NaN (no infinity)
        self.assertEqual(fops.f32_to_f8(F32.round(Fraction(3, 1024)), False), 0x02)  # 1.5 * 2^-9 -> 2 * 2^-9
        self.assertEqual(fops.f32_to_f8(F32.round(Fraction(1, 1024)), False), 0x00)  # 0.5 * 2^-9 -> even 0
        self.assertEqual(fops.f32_to_f8(F32.round(61440), True), 0x7c)  # bf8: halfway to 2^16 -> inf
        self.assertEqual(fops.f8_to_f32(0x7e, False), F32.round(448))
        self.assertEqual(fops.f8_to_f32(0xff, False), 0xffc00000)

    def test_div_fixup_and_scale(self):
        c = fops.Ctx()
        fix = valu.OPS["v_div_fixup_f32"].fn
        self.assertEqual(fix(c, 0x40200000, 0xc0000000, 0x40a00000), 0xc0200000)  # -|2.5|
        self.assertEqual(fix(c, 0x3f800000, 0, 0), 0xffc00000)
        self.assertEqual(valu.OPS["v_div_fixup_f16"].fn(c, 0xbe00, 0x7800, 0x8001), 0xbe00)  # no f16 underflow
        sc = valu.OPS["v_div_scale_f32"].fn
        self.assertEqual(sc(c, 0x0d800000, 0x4e800000, 0x0d800000), (0x2d800000, 1))  # 2^-100/2^30 = 2^-130: 2^-100 x 2^64 = 2^-36, VCC
        # NaN or infinite S1/S2 through the exponent tests (biased fields 255 / 2047), as the pseudocode:
        self.assertEqual(sc(c, 0xc0d88413, 0xc0d88413, 0xff800000), (0xe0d88413, 1))  # 255 - 129 >= 96, S0 == S1: x 2^64
        self.assertEqual(sc(c, 0x3f800000, 0x7f800000, 0x3f800000), (0x3f800000, 0))  # 127 - 255 < 96; 1/inf = 0: S0
        sd = valu.OPS["v_div_scale_f64"].fn
        self.assertEqual(sd(c, 0xc008000000000000, 0xc008000000000000, 0xfff0000000000000),
                         (0xc808000000000000, 1))  # 2047 - 1024 >= 768: -3 x 2^128


if __name__ == "__main__":
    unittest.main()


class CandidateGolden(unittest.TestCase):
    """Every non-default candidate of an UNVERIFIED model (harness/emu/models/*.toml) has
    hand-derived golden vectors in ../tests/golden/models/<id>/<candidate>.golden, unless its
    model says where else it is checked (`golden` for the whole model, `golden_elsewhere` per
    candidate); and every such file names a real candidate."""

    EMU = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

    def models(self):
        import importlib.util
        spec = importlib.util.spec_from_file_location("rdna4_models", os.path.join(self.EMU, "models", "models.py"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod.by_id()

    def test_every_candidate_has_golden_vectors(self):
        models = os.path.join(self.EMU, "tests", "golden", "models")
        missing = []
        for aid, m in self.models().items():
            for cand in m.names[1:]:
                if m.golden or cand in m.golden_elsewhere:
                    continue
                if not os.path.isfile(os.path.join(models, aid, cand + ".golden")):
                    missing.append("%s/%s.golden" % (aid, cand))
        self.assertEqual(missing, [], "non-default candidates without golden vectors (write them by hand "
                         "from docs/facts/unverified.md, or say in the model where else they are checked)")

    def test_golden_model_files_name_candidates(self):
        ms = self.models()
        models = os.path.join(self.EMU, "tests", "golden", "models")
        for aid in sorted(os.listdir(models)):
            self.assertIn(aid, ms, "golden/models/%s: not a model of harness/emu/models" % aid)
            self.assertFalse(ms[aid].golden, "golden/models/%s: its model says it has no golden vectors" % aid)
            for fn in sorted(os.listdir(os.path.join(models, aid))):
                cand = fn[:-len(".golden")]
                self.assertTrue(fn.endswith(".golden") and cand in ms[aid].names[1:],
                                "golden/models/%s/%s: not a non-default candidate (%s)" % (aid, fn, ms[aid].names))
                self.assertNotIn(cand, ms[aid].golden_elsewhere, "%s/%s: golden vectors and golden_elsewhere" % (aid, cand))


class LlvmFoldParsing(unittest.TestCase):
    """llvm_fold.py's IR literals and its reading of LLVM's printed constants, on hand-written
    examples of LLVM's syntax (LangRef: float/double as the double's hex, half as 0xH)."""

    def test_literals(self):
        from isa_ref import llvm_fold as L
        self.assertEqual(L.ir_const("float", 0x3f800000), "0x3FF0000000000000")
        self.assertEqual(L.ir_const("float", 0x00000001), "0x36A0000000000000")  # 2^-149
        self.assertEqual(L.ir_const("half", 0xbc00), "0xHBC00")
        self.assertEqual(L.ir_const("i32", 0xffffffff), "-1")
        self.assertEqual(L.ir_const("i16", 0x8000), "-32768")

    def test_printed_constants(self):
        from isa_ref import llvm_fold as L
        self.assertEqual(L.parse_const("float", "7.500000e-01"), 0x3f400000)
        self.assertEqual(L.parse_const("float", "0x3FD5555560000000"), 0x3eaaaaab)
        self.assertEqual(L.parse_const("float", "-0.000000e+00"), 0x80000000)
        self.assertEqual(L.parse_const("float", "0xFFF0000000000000"), 0xff800000)
        self.assertEqual(L.parse_const("double", "0x3C94A7F09D5F47D4"), 0x3C94A7F09D5F47D4)
        self.assertEqual(L.parse_const("i32", "-253838182"), (-253838182) & 0xffffffff)
        self.assertEqual(L.parse_const("i1", "true"), 1)
        self.assertIsNone(L.parse_const("i32", "poison"))
        self.assertIsNone(L.parse_const("float", "%r"))
        self.assertEqual(L.parse_result("<2 x half>", "<half 0xH3C66, half 0xH4299>"), 0x42993c66)
        self.assertEqual(L.parse_result("<2 x i16>", "<i16 1, i16 -2>"), 0xfffe0001)
        self.assertIsNone(L.parse_result("<2 x half>", "<half 0xH3C66>"))

    def test_golden_lines(self):
        from isa_ref import llvm_fold as L
        ops = {o.name: o for o in L._ops()}
        self.assertEqual(L.golden_line(ops["fadd.f32"], [0x3f800000, 0x40000000], 0x40400000),
                         "v_add_f32 v0, v1, v2 ; v1=0x3f800000 v2=0x40000000 ; v0=0x40400000")
        self.assertEqual(L.golden_line(ops["fpext.f32.f64"], [0x3f800000], 0x3ff0000000000000),
                         "v_cvt_f64_f32 v[0:1], v2 ; v2=0x3f800000 ; v[0:1]=0x3ff0000000000000")
        self.assertIsNone(L.golden_line(ops["fadd.f32"], [0x7f800000, 0xff800000], 0x7fc00000))  # NaN
        self.assertTrue(L.golden_line(ops["llvm.amdgcn.class.f32"], [0, 0x20], 1).endswith("vcc_lo=0xffffffff"))
        # a documented difference is recognised by its predicate
        sin = ops["llvm.amdgcn.sin.f32"]
        self.assertTrue(any(p([0xbf000000]) for p, _ in sin.differs))   # -0.5
        self.assertFalse(any(p([0x3f000000]) for p, _ in sin.differs))  # +0.5

    def test_packed_literals(self):
        from isa_ref import llvm_fold as L
        self.assertEqual(L.ir_const("<2 x half>", 0x40003c00), "<half 0xH3C00, half 0xH4000>")
        self.assertEqual(L.ir_const("<2 x i16>", 0xffff0001), "<i16 1, i16 -1>")
        ops = {o.name: o for o in L._ops()}
        self.assertEqual(L.golden_line(ops["shl.v2i16"], [0x00010001, 0x00020001], 0x00040002),
                         "v_pk_lshlrev_b16 v0, v2, v1 ; v1=0x10001 v2=0x20001 ; v0=0x40002")
        self.assertIsNone(L.golden_line(ops["fadd.v2f16"], [0x7c00fc00, 0], 0x7e003c00))  # a NaN half


class ModelKeys(unittest.TestCase):
    """isa_ref names a model by the emulator's id (harness/emu/models/*.toml): every key an
    op depends on is a model with a `reference` reading or one of fops.CONVENTIONS, which
    are not model ids."""

    def test_keys_are_model_ids_or_conventions(self):
        from isa_ref import fops, salu, valu, vop3p  # noqa: F401 (vop3p and salu add ops)
        ids = {m.id for m in fops._models()}
        for key in fops.CONVENTIONS:
            self.assertNotIn(key, ids, "%s is a model id: read it from the model, not CONVENTIONS" % key)
        for key in fops.MODEL_DEPENDENT:
            self.assertTrue(key in ids or key in fops.CONVENTIONS, key)
        used = {o.model for o in list(valu.OPS.values()) + list(salu.OPS.values()) if o.model}
        self.assertGreater(len(used), 10)
        self.assertFalse(used - set(fops.MODEL_DEPENDENT), "ops depend on keys that are neither models nor "
                         "conventions: %s" % sorted(used - set(fops.MODEL_DEPENDENT)))
