"""Float operations of the reference, on bit patterns, exact (fp.Format).

Each function takes bit patterns and a Ctx (rounding direction, denormal
modes) and returns a bit pattern. Sources: IEEE 754-2019 (5.4.1 arithmetic,
5.5 sign, 6.2 NaNs, 6.3 signs of zero, 5.8 conversions to integer) and the
AMD RDNA4 ISA reference guide's pseudocode for the AMD-specific operations
(minimum/maximum, min/max_num, class tests, ...).

Where the guide leaves a result open, the choice is the one the project
documents for the emulator (harness/emu/core/README.md "Modelling choices"):
a NaN result is the first NaN operand in source order, quieted, payload kept;
an invalid operation on non-NaN operands gives the default quiet NaN
(positive, top fraction bit set); transcendentals are correctly rounded.
Functions that rely on such a choice are listed in MODEL_DEPENDENT.
"""
import math
from fractions import Fraction

from . import fp
from .fp import F16, BF16, F32, F64, RNE, RTZ, RUP, RDN  # noqa: F401 (re-exported)


class Ctx:
    """Per-lane execution context of the reference."""

    def __init__(self, lane=0, wave64=False, round_mode=RNE, denorm32=3, denorm16_64=3, round16_64=None):
        self.lane = lane
        self.wave64 = wave64
        self.round = round_mode
        self.round16_64 = round16_64 or round_mode
        self.denorm32 = denorm32
        self.denorm16_64 = denorm16_64
        self.vgpr = None  # for lane-crossing ops: callable(reg, lane) -> bits
        self.sel = 0  # byte_sel / op_sel selection of ops with variants (valu.Op.variants)
        self.exec = (1 << 64) - 1

    def rmode(self, fmt):
        return self.round if fmt is F32 else self.round16_64

    def flush_in(self, fmt):
        d = self.denorm32 if fmt is F32 else self.denorm16_64
        return d != 3

    def flush_out(self, fmt):
        d = self.denorm32 if fmt is F32 else self.denorm16_64
        return d != 3


MODEL_DEPENDENT = {
    "nan_propagation": "NaN result = first NaN operand in source order, quieted, payload kept",
    "transcendental": "rcp/rsq/sqrt/exp/log are correctly rounded in the MODE rounding direction "
                      "(hardware: about 1 ULP)",
    "denorm_flush": "FLOAT_DENORM_MODE other than 3 flushes denormal inputs and results (after rounding) "
                    "to zero of the same sign",
    "clamp_nan": "clamp of a float result (after rounding): NaN and negative values give +0, -0 stays -0 "
                 "(the guide says only 'clamp to [0, 1]')",
    "fract": "v_fract_*: the result is kept below 1.0 (largest float below 1) where S0 + -floor(S0) rounds to 1",
    "dot_clamp": "integer dot products with clamp saturate the exact sum to the 32-bit result range",
    "nan_convert": "a NaN converted to a narrower/wider float keeps sign and the top payload bits, quieted",
    "sincos": "v_sin/v_cos: S0 in revolutions; sin/cos(2*pi*S0) correctly rounded in the MODE direction, "
              "exact zeros signed as IEEE 754-2019 sinPi/cosPi (9.2.1); hardware is approximate",
    "div_scale": "v_div_scale: the 'is denormal' tests of 1/S1 and S2/S1 in the operands' own precision "
                 "(the f32 guide tests 1/S1 as an f64), and the denominator scaled down where both hold; "
                 "NaN or infinite S1/S2 go through the exponent tests as the guide writes",
    "div_fmas_scale": "v_div_fmas with VCC set scales the exact fma by 2^64 (f64: 2^128) when |S2| >= 1, else "
                      "2^-64 (2^-128), rounded once, undoing v_div_scale (the guide writes a fixed 2^32 / 2^64)",
    "div_fixup_overflow": "v_div_fixup_f32/f64: the OVERFLOW clause tests the quotient S0 (an infinite or NaN S0 "
                          "gives a signed infinity); the guide's test of S1 can never hold",
    "div_fixup_underflow": "v_div_fixup_f32/f64: the guide's undefined UNDERFLOW result is a zero with the "
                           "quotient's sign",
    "norm16_conversion": "f32/f16 to snorm16/unorm16: NaN -> 0, clamp to [-1, 1] / [0, 1], times 32767 / "
                         "65535, rounded to nearest even (the guide names the functions without defining them)",
    "fp8_conversion": "fp8 (OCP E4M3) / bf8 (OCP E5M2) conversions: overflow and infinities give fp8 NaN "
                      "0x7f / bf8 infinity with the sign; NaN gives 0x7f / 0x7e with the sign; a decoded "
                      "fp8 NaN is the f32 default NaN with the input's sign, a bf8 NaN keeps its payload "
                      "bits as the top byte of an f16 would (not quieted)",
    "cvt_off_f32_i4_table": "v_cvt_off_f32_i4: S0[3:0] as a signed 4-bit integer / 16 (the guide's table "
                            "is not listed)",
    "cvt_pk_u8_f32": "v_cvt_pk_u8_f32: the guide's undefined f32_to_u8 rounds toward zero and saturates to "
                     "[0, 255], NaN -> 0, as its f32_to_u32",
    "trig_preop": "v_trig_preop_f64 with a NaN S0 gives that NaN quieted (LLVM's constant folding); the guide "
                  "reads only S0's exponent field",
    "cvt_sr_f8_rounding": "v_cvt_sr_*: S1's top bits added to S0's mantissa field (wrapping inside it), "
                          "then rounded to nearest even, as the guide's pseudocode writes it",
    "dot_float_rounding": "float dots: C first, then the products in order, rounded per step in the MODE "
                          "direction: f32 dots round each product and each sum to f32, the VOP3 16-bit dots "
                          "round each fused a*b + tmp to f16/bf16",
}


def daz(fmt, x, ctx):
    if ctx.flush_in(fmt) and fmt.is_denorm(x):
        return x & fmt.sign_bit
    return x


def ftz(fmt, r, ctx):
    if ctx.flush_out(fmt) and fmt.is_denorm(r):
        return r & fmt.sign_bit
    return r


def first_nan(fmt, *xs):
    for x in xs:
        if fmt.is_nan(x):
            return fmt.quiet(x)
    return None


def rnd(fmt, v, ctx, sign_of_zero=0):
    return ftz(fmt, fmt.round(v, ctx.rmode(fmt), sign_of_zero), ctx)


def _zero_sum_sign(ctx, fmt):
    return 1 if ctx.rmode(fmt) == RDN else 0


def add(fmt, a, b, ctx):
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    n = first_nan(fmt, a, b)
    if n is not None:
        return n
    if fmt.is_inf(a) and fmt.is_inf(b):
        return a if fmt.sign(a) == fmt.sign(b) else fmt.qnan
    if fmt.is_inf(a):
        return a
    if fmt.is_inf(b):
        return b
    sa, ma, ea = fmt.decode(a)
    sb, mb, eb = fmt.decode(b)
    e = min(ea, eb)
    va = (ma << (ea - e)) * (-1 if sa else 1)
    vb = (mb << (eb - e)) * (-1 if sb else 1)
    t = va + vb
    if t == 0:
        if fmt.is_zero(a) and fmt.is_zero(b) and sa == sb:
            return fmt.zero(sa)
        return fmt.zero(_zero_sum_sign(ctx, fmt))
    return ftz(fmt, fmt.round_int(int(t < 0), abs(t), e, ctx.rmode(fmt)), ctx)


def sub(fmt, a, b, ctx):
    if fmt.is_nan(b):
        return add(fmt, a, b, ctx)
    return add(fmt, a, fmt.neg(b), ctx)


def subrev(fmt, a, b, ctx):
    """b - a; a NaN result is still chosen in source order (a first)."""
    n = first_nan(fmt, daz(fmt, a, ctx), daz(fmt, b, ctx))
    if n is not None:
        return n
    return sub(fmt, b, a, ctx)


def mul(fmt, a, b, ctx):
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    n = first_nan(fmt, a, b)
    if n is not None:
        return n
    s = fmt.sign(a) ^ fmt.sign(b)
    if (fmt.is_inf(a) and fmt.is_zero(b)) or (fmt.is_zero(a) and fmt.is_inf(b)):
        return fmt.qnan
    if fmt.is_inf(a) or fmt.is_inf(b):
        return fmt.infinity(s)
    _, ma, ea = fmt.decode(a)
    _, mb, eb = fmt.decode(b)
    return ftz(fmt, fmt.round_int(s, ma * mb, ea + eb, ctx.rmode(fmt)), ctx)


def fma(fmt, a, b, c, ctx, scale=0):
    """a * b + c rounded once; with `scale`, the exact a * b + c times 2^scale rounded once."""
    a, b, c = daz(fmt, a, ctx), daz(fmt, b, ctx), daz(fmt, c, ctx)
    n = first_nan(fmt, a, b, c)
    if n is not None:
        return n
    ps = fmt.sign(a) ^ fmt.sign(b)
    if (fmt.is_inf(a) and fmt.is_zero(b)) or (fmt.is_zero(a) and fmt.is_inf(b)):
        return fmt.qnan
    if fmt.is_inf(a) or fmt.is_inf(b):
        if fmt.is_inf(c) and fmt.sign(c) != ps:
            return fmt.qnan
        return fmt.infinity(ps)
    if fmt.is_inf(c):
        return c
    _, ma, ea = fmt.decode(a)
    _, mb, eb = fmt.decode(b)
    sc, mc, ec = fmt.decode(c)
    mp, ep = ma * mb, ea + eb
    e = min(ep, ec)
    vp = (mp << (ep - e)) * (-1 if ps else 1)
    vc = (mc << (ec - e)) * (-1 if sc else 1)
    t = vp + vc
    if t == 0:
        if mp == 0 and mc == 0 and ps == sc:
            return fmt.zero(ps)
        return fmt.zero(_zero_sum_sign(ctx, fmt))
    return ftz(fmt, fmt.round_int(int(t < 0), abs(t), e + scale, ctx.rmode(fmt)), ctx)


def div_exact(fmt, a, b, ctx):
    """Correctly rounded a / b (IEEE 754 division)."""
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    n = first_nan(fmt, a, b)
    if n is not None:
        return n
    s = fmt.sign(a) ^ fmt.sign(b)
    if (fmt.is_inf(a) and fmt.is_inf(b)) or (fmt.is_zero(a) and fmt.is_zero(b)):
        return fmt.qnan
    if fmt.is_inf(a) or fmt.is_zero(b):
        return fmt.infinity(s)
    if fmt.is_inf(b) or fmt.is_zero(a):
        return fmt.zero(s)
    return rnd(fmt, fmt.value(a) / fmt.value(b), ctx, sign_of_zero=s)


def rcp(fmt, a, ctx):
    one = fmt.round(1)
    return div_exact(fmt, one, a, ctx)


def _sqrt_round(fmt, v, ctx, recip=False):
    """Correctly rounded sqrt(v) or 1/sqrt(v) for a positive Fraction v, from
    integer square roots with enough extra bits that the rounding is decided."""
    extra = 40
    while True:
        prec = fmt.mbits + extra
        k = prec - (v.numerator.bit_length() - v.denominator.bit_length()) // 2
        scaled = v * Fraction(4) ** k  # sqrt(v) = sqrt(scaled) / 2^k
        n = scaled.numerator // scaled.denominator
        r = math.isqrt(n)
        exact = scaled.denominator == 1 and r * r == n
        if not recip:
            if exact:
                return fmt.round(Fraction(r) / Fraction(2) ** k, ctx.rmode(fmt))
            # r < sqrt(scaled) < r + 1 and no rounding boundary lies strictly
            # between two integers at this scale: any point inside rounds alike
            return fmt.round(Fraction(2 * r + 1) / Fraction(2) ** (k + 1), ctx.rmode(fmt))
        if exact:
            return fmt.round(Fraction(2) ** k / r, ctx.rmode(fmt))
        # 2^k/(r+1) < 1/sqrt(v) < 2^k/r: decided when both ends round alike
        lo = fmt.round(Fraction(2) ** k / (r + 1), ctx.rmode(fmt))
        hi = fmt.round(Fraction(2) ** k / r, ctx.rmode(fmt))
        if lo == hi:
            return lo
        extra *= 2


def sqrt(fmt, a, ctx):
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    if fmt.is_zero(a):
        return a
    if fmt.sign(a):
        return fmt.qnan
    if fmt.is_inf(a):
        return a
    return ftz(fmt, _sqrt_round(fmt, fmt.value(a), ctx), ctx)


def rsq(fmt, a, ctx):
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    if fmt.is_zero(a):
        return fmt.infinity(fmt.sign(a))
    if fmt.sign(a):
        return fmt.qnan
    if fmt.is_inf(a):
        return fmt.zero(0)
    return ftz(fmt, _sqrt_round(fmt, fmt.value(a), ctx, recip=True), ctx)


def _to_double(fmt, a):
    return float(fmt.value(a))


def _decimal(v):
    from decimal import Decimal
    return Decimal(v.numerator) / Decimal(v.denominator)


def _to_fraction(d):
    from fractions import Fraction as Fr
    return Fr(d)


def exp2(fmt, a, ctx):
    """2^a: exact for integer a; otherwise 2^a is irrational, so a 70-digit
    decimal value decides the rounding in every direction (a value of 2^a
    within 10^-70 relative of a rounding boundary does not occur for these
    formats' inputs)."""
    from decimal import localcontext
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    if fmt.is_inf(a):
        return fmt.zero(0) if fmt.sign(a) else a
    v = fmt.value(a)
    if v > 1000:
        return rnd(fmt, Fraction(2) ** 1000, ctx)
    if v < -1000:
        return rnd(fmt, Fraction(1, 2 ** 1000), ctx)
    if v.denominator == 1:
        return rnd(fmt, Fraction(2) ** int(v), ctx)
    with localcontext() as dc:
        dc.prec = 70
        r = (_decimal(v) * dc.ln(2)).exp()
    return rnd(fmt, _to_fraction(r), ctx)


def log2(fmt, a, ctx):
    """log2(a): exact for powers of two (integer results), otherwise
    irrational and rounded from a 70-digit decimal value."""
    from decimal import localcontext
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    if fmt.is_zero(a):
        return fmt.infinity(1)
    if fmt.sign(a):
        return fmt.qnan
    if fmt.is_inf(a):
        return a
    v = fmt.value(a)
    if v.numerator & (v.numerator - 1) == 0 and v.denominator & (v.denominator - 1) == 0:
        return rnd(fmt, Fraction(v.numerator.bit_length() - v.denominator.bit_length()), ctx)  # exact
    with localcontext() as dc:
        dc.prec = 70
        r = _decimal(v).ln() / dc.ln(2)
    return rnd(fmt, _to_fraction(r), ctx)


# ---- conversions -------------------------------------------------------------

def convert(src, dst, a, ctx, round_mode=None):
    """Float to float (IEEE 754-2019 5.4.2 formatOf-convertFormat)."""
    a = daz(src, a, ctx)
    s = src.sign(a)
    if src.is_nan(a):
        payload = a & src.man_mask
        if dst.mbits >= src.mbits:
            payload <<= dst.mbits - src.mbits
        else:
            payload >>= src.mbits - dst.mbits
        return dst.quiet(dst.inf | payload | (dst.sign_bit if s else 0))
    if src.is_inf(a):
        return dst.infinity(s)
    mode = round_mode or ctx.rmode(dst)
    _, m, e = src.decode(a)
    return ftz(dst, dst.round_int(s, m, e, mode), ctx)


def to_int(fmt, a, ctx, bits, signed):
    """Float to integer, rounding toward zero, saturating, NaN -> 0."""
    a = daz(fmt, a, ctx)
    lo = -(1 << (bits - 1)) if signed else 0
    hi = (1 << (bits - 1)) - 1 if signed else (1 << bits) - 1
    if fmt.is_nan(a):
        return 0
    if fmt.is_inf(a):
        return (lo if fmt.sign(a) else hi) & ((1 << bits) - 1)
    v = fmt.value(a)
    t = int(v)  # toward zero
    t = max(lo, min(hi, t))
    return t & ((1 << bits) - 1)


def from_int(fmt, v, ctx):
    return ftz(fmt, fmt.round_int(int(v < 0), abs(v), 0, ctx.rmode(fmt)), ctx)


# ---- rounding to integral (IEEE 754-2019 5.3.1) ----------------------------------

def _integral(fmt, a, ctx, how):
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    if fmt.is_inf(a) or fmt.is_zero(a):
        return a
    s, m, e = fmt.decode(a)
    if e >= 0:
        return a  # already an integer
    q = m >> -e  # integer part of the magnitude
    rem = m - (q << -e)
    half = 1 << (-e - 1)
    if how == "trunc":
        r = q
    elif how == "floor":
        r = q + (1 if s and rem else 0)
    elif how == "ceil":
        r = q + (1 if not s and rem else 0)
    else:  # nearest, ties to even
        r = q + (1 if rem > half or (rem == half and q & 1) else 0)
    return fmt.round_int(s, r, 0, RTZ)  # exact (sign kept for a zero result)


def trunc(fmt, a, ctx):
    return _integral(fmt, a, ctx, "trunc")


def floor(fmt, a, ctx):
    return _integral(fmt, a, ctx, "floor")


def ceil(fmt, a, ctx):
    return _integral(fmt, a, ctx, "ceil")


def rndne(fmt, a, ctx):
    return _integral(fmt, a, ctx, "even")


def fract(fmt, a, ctx):
    """S0 + -floor(S0) (the guide's V_FRACT_* pseudocode, one rounding), kept
    below 1.0: a tiny negative S0 would round to 1.0, and LLVM's device
    library (llvm-project amd/device-libs/ocml/src/fractF.cl) uses v_fract_f32
    on gfx8 and later as min(x - floor(x), largest float below 1). The guide
    is silent on this; see MODEL_DEPENDENT["fract"]."""
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    f = floor(fmt, a, ctx)
    r = add(fmt, a, fmt.neg(f), ctx)
    below_one = fmt.round(1) - 1  # pattern just below 1.0
    if fmt.is_finite(r) and not fmt.sign(r) and r > below_one:
        return below_one
    return r


# ---- comparisons, min/max ---------------------------------------------------------

def lt(fmt, a, b):
    if fmt.is_nan(a) or fmt.is_nan(b):
        return False
    return _key(fmt, a) < _key(fmt, b)


def eq(fmt, a, b):
    if fmt.is_nan(a) or fmt.is_nan(b):
        return False
    return _key(fmt, a) == _key(fmt, b)


def _key(fmt, a):
    """An integer that orders non-NaN patterns like their values (the
    magnitude bits order magnitudes; -0 and +0 both map to 0)."""
    m = a & ~fmt.sign_bit & fmt.mask
    return -m if fmt.sign(a) else m


def cmp(fmt, op, a, b, ctx):
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    un = fmt.is_nan(a) or fmt.is_nan(b)
    l, e = lt(fmt, a, b), eq(fmt, a, b)
    g = lt(fmt, b, a)
    return {
        "f": False, "lt": l, "eq": e, "le": l or e, "gt": g, "lg": l or g, "ge": g or e, "o": not un,
        "u": un, "nge": not (g or e), "nlg": not (l or g), "ngt": not g, "nle": not (l or e),
        "neq": not e, "nlt": not l, "t": True,
    }[op]


def fclass(fmt, a, mask):
    if fmt.is_snan(a):
        bit = 0
    elif fmt.is_qnan(a):
        bit = 1
    elif fmt.is_inf(a):
        bit = 2 if fmt.sign(a) else 9
    elif fmt.exp_field(a) > 0:
        bit = 3 if fmt.sign(a) else 8
    elif not fmt.is_zero(a):
        bit = 4 if fmt.sign(a) else 7
    else:
        bit = 5 if fmt.sign(a) else 6
    return bool((mask >> bit) & 1)


def min_num(fmt, a, b, ctx):
    """V_MIN_NUM_* (guide pseudocode): a NaN operand is ignored; -0 < +0."""
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    if fmt.is_nan(a) and fmt.is_nan(b):
        return fmt.quiet(a)
    if fmt.is_nan(a):
        return b
    if fmt.is_nan(b):
        return a
    if lt(fmt, a, b) or (fmt.is_zero(a) and fmt.is_zero(b) and fmt.sign(a) and not fmt.sign(b)):
        return a
    return b


def max_num(fmt, a, b, ctx):
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    if fmt.is_nan(a) and fmt.is_nan(b):
        return fmt.quiet(a)
    if fmt.is_nan(a):
        return b
    if fmt.is_nan(b):
        return a
    if lt(fmt, b, a) or (fmt.is_zero(a) and fmt.is_zero(b) and not fmt.sign(a) and fmt.sign(b)):
        return a
    return b


def minimum(fmt, a, b, ctx):
    """V_MINIMUM_* (guide pseudocode): NaN wins (signalling first, quieted)."""
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    if fmt.is_snan(a):
        return fmt.quiet(a)
    if fmt.is_snan(b):
        return fmt.quiet(b)
    if fmt.is_qnan(a):
        return a
    if fmt.is_qnan(b):
        return b
    if lt(fmt, a, b) or (fmt.is_zero(a) and fmt.is_zero(b) and fmt.sign(a) and not fmt.sign(b)):
        return a
    return b


def maximum(fmt, a, b, ctx):
    a, b = daz(fmt, a, ctx), daz(fmt, b, ctx)
    if fmt.is_snan(a):
        return fmt.quiet(a)
    if fmt.is_snan(b):
        return fmt.quiet(b)
    if fmt.is_qnan(a):
        return a
    if fmt.is_qnan(b):
        return b
    if lt(fmt, b, a) or (fmt.is_zero(a) and fmt.is_zero(b) and not fmt.sign(a) and fmt.sign(b)):
        return a
    return b


def ldexp(fmt, a, e, ctx):
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    if fmt.is_inf(a) or fmt.is_zero(a):
        return a
    e = max(-5000, min(5000, e))  # beyond any format's range either way
    s, m, ea = fmt.decode(a)
    return ftz(fmt, fmt.round_int(s, m, ea + e, ctx.rmode(fmt)), ctx)


def frexp_exp(fmt, a, ctx):
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a) or fmt.is_inf(a) or fmt.is_zero(a):
        return 0
    v = abs(fmt.value(a))
    E = v.numerator.bit_length() - v.denominator.bit_length()
    if Fraction(2) ** E > v:
        E -= 1
    return E + 1


def frexp_mant(fmt, a, ctx):
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a) or fmt.is_inf(a):
        return a
    if fmt.is_zero(a):
        return a
    e = frexp_exp(fmt, a, ctx)
    return fmt.round(fmt.value(a) * Fraction(2) ** -e, RTZ)


# ---- constants and trigonometry in revolutions (v_sin / v_cos / v_trig_preop) -----------

_PI_CACHE = {}


def pi_fixed(bits):
    """floor(pi * 2^bits), from Machin's formula pi = 16 atan(1/5) - 4 atan(1/239)
    evaluated on integers with 32 guard bits (the guard bits absorb the
    truncation of every series term)."""
    if bits in _PI_CACHE:
        return _PI_CACHE[bits]
    g = bits + 32
    one = 1 << g

    def atan_inv(n):  # atan(1/n) * 2^g, alternating series
        total, term, k, sign = 0, one // n, 1, 1
        n2 = n * n
        while term:
            total += sign * (term // k)
            term //= n2
            k += 2
            sign = -sign
        return total

    v = (16 * atan_inv(5) - 4 * atan_inv(239)) >> 32
    _PI_CACHE[bits] = v
    return v


def _sincos_value(r, cosine, digits):
    """sin or cos of 2*pi*r (a Fraction, |r| <= 1/2) as a Fraction accurate to
    about `digits` decimal digits (Taylor series on the exact argument)."""
    from decimal import Decimal, localcontext
    with localcontext() as dc:
        dc.prec = digits + 10
        bits = int(digits * 3.33) + 40
        pi = Decimal(pi_fixed(bits)) / (Decimal(2) ** bits)
        x = 2 * pi * (Decimal(r.numerator) / Decimal(r.denominator))
        x2 = x * x
        if cosine:
            term, total, n = Decimal(1), Decimal(1), 0
        else:
            term, total, n = x, x, 1
        while True:
            term = -term * x2 / ((n + 1) * (n + 2))
            n += 2
            if term == 0 or abs(term) < abs(total) * Decimal(10) ** -(digits + 5):
                break
            total += term
        return Fraction(total)


def sincos_rev(fmt, a, ctx, cosine):
    """sin / cos of 2*pi*a, a in revolutions (AMD RDNA4 ISA reference guide,
    V_SIN_F32 / V_COS_F32: D = sin(S0 * 2 * PI)), correctly rounded in the MODE
    direction from the exact input (MODEL_DEPENDENT["sincos"]). The input is
    reduced exactly to r = a - nearest integer, |r| <= 1/2; r = 0, +-1/4 and
    +-1/2 give the exact values 0 and +-1 (the only rational values, Niven's
    theorem), zeros signed as IEEE 754-2019 clause 9.2.1 signs sinPi / cosPi:
    sin is a zero of a's sign, cos is +0."""
    a = daz(fmt, a, ctx)
    if fmt.is_nan(a):
        return fmt.quiet(a)
    if fmt.is_inf(a):
        return fmt.qnan
    s = fmt.sign(a)
    if fmt.is_zero(a):
        return fmt.round(1) if cosine else a
    v = fmt.value(a)
    n = (v.numerator * 2 + v.denominator) // (2 * v.denominator)  # nearest integer (ties up)
    r = v - n
    q = r * 4
    if q.denominator == 1:  # r in {0, +-1/4, +-1/2}
        q = int(q)
        if cosine:
            exact = {0: 1, 1: 0, -1: 0, 2: -1, -2: -1}[q]
            return fmt.round(exact) if exact else fmt.zero(0)
        exact = {0: 0, 1: 1, -1: -1, 2: 0, -2: 0}[q]
        return fmt.round(exact) if exact else fmt.zero(s)
    # enough digits to see the distance to the nearest exact value (1 for cos of
    # a tiny r: 1 - cos ~ (2 pi r)^2 / 2)
    mag = abs(r) if abs(r) < Fraction(1, 8) else abs(abs(r) - Fraction(1, 4)) if abs(abs(r) - Fraction(1, 4)) < Fraction(1, 8) \
        else Fraction(1, 2) - abs(r)
    lg = max(0, mag.denominator.bit_length() - mag.numerator.bit_length())
    digits = 40 + (2 * lg * 30103) // 100000
    val = _sincos_value(r, cosine, digits)
    return rnd(fmt, val, ctx)


# ---- fp8 (OCP E4M3 "fn") and bf8 (OCP E5M2) -----------------------------------------------

def f8_value(b, bf8):
    """(is_nan, is_inf, sign, exact value) of an 8-bit float: fp8 E4M3 (bias 7,
    no infinities, S.1111.111 NaN, max 448) or bf8 E5M2 (bias 15, IEEE-like)."""
    s = (b >> 7) & 1
    if bf8:
        e, m = (b >> 2) & 0x1f, b & 3
        if e == 0x1f:
            return (m != 0, m == 0, s, None)
        v = Fraction(m, 4) * Fraction(2) ** -14 if e == 0 else Fraction(4 + m, 4) * Fraction(2) ** (e - 15)
    else:
        e, m = (b >> 3) & 0xf, b & 7
        if e == 0xf and m == 7:
            return (True, False, s, None)
        v = Fraction(m, 8) * Fraction(2) ** -6 if e == 0 else Fraction(8 + m, 8) * Fraction(2) ** (e - 7)
    return (False, False, s, -v if s else v)


def f8_to_f32(b, bf8):
    """Exact decode to f32. A NaN: fp8 gives the f32 default NaN with the
    input's sign; bf8 (the top byte of an f16) keeps its two payload bits at the
    top of the f32 fraction, not quieted (MODEL_DEPENDENT["fp8_conversion"])."""
    nan, inf, s, v = f8_value(b, bf8)
    if nan and bf8:
        return (s << 31) | F32.inf | ((b & 3) << 21)
    if nan:
        return F32.qnan | (s << 31)
    if inf:
        return F32.infinity(s)
    return F32.round(v, RNE, sign_of_zero=s)


def f32_to_f8(a, bf8):
    """f32 bits -> fp8 / bf8 byte, round to nearest even (the guide's pseudocode
    sets ROUND_NEAREST_EVEN around the conversion). fp8: |value| rounding above
    448 and +-inf give NaN 0x7f with the sign; bf8: IEEE overflow to +-inf
    (MODEL_DEPENDENT["fp8_conversion"])."""
    s = F32.sign(a)
    if F32.is_nan(a):
        return (s << 7) | (0x7e if bf8 else 0x7f)
    if bf8:
        if F32.is_inf(a):
            return (s << 7) | 0x7c
        if F32.is_zero(a):
            return s << 7
        BF8 = fp.Format("bf8", 5, 2)
        return BF8.round(F32.value(a), RNE, sign_of_zero=s)
    if F32.is_inf(a):
        return (s << 7) | 0x7f
    if F32.is_zero(a):
        return s << 7
    x = abs(F32.value(a))
    # exponent E with 2^E <= x, at least the smallest normal exponent -6
    E = x.numerator.bit_length() - x.denominator.bit_length()
    if Fraction(2) ** E > x:
        E -= 1
    E = max(E, -6)
    q = Fraction(2) ** (E - 3)
    n = x / q
    m = n.numerator // n.denominator
    rem = n - m
    if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and m & 1):
        m += 1
    val = m * q
    if val > 448:
        return (s << 7) | 0x7f
    if val == 0:
        return s << 7
    return (s << 7) | _f8_bits_e4m3(val)


def _f8_bits_e4m3(val):
    for b in range(0x7f):
        if f8_value(b, False)[3] == val:
            return b
    raise ValueError(val)
