"""Exact binary floating point for the reference: decode a bit pattern to an
exact rational, round an exact rational to a format in any IEEE 754-2019
rounding-direction attribute (clause 4.3).

Nothing here uses host float arithmetic for results: values are
fractions.Fraction and integers, so every rounding is done once, exactly, in
the mode asked for. Host floats appear only to parse decimal literals
(float.fromhex / float() are exact for the doubles they return).
"""
from fractions import Fraction

# Rounding directions (IEEE 754-2019 4.3.1 and 4.3.2).
RNE = "rne"  # roundTiesToEven
RTZ = "rtz"  # roundTowardZero
RUP = "rup"  # roundTowardPositive
RDN = "rdn"  # roundTowardNegative


class Format:
    """A binary interchange-like format: `ebits` exponent bits, `mbits`
    trailing significand bits, one sign bit (IEEE 754-2019 3.4)."""

    def __init__(self, name, ebits, mbits):
        self.name = name
        self.ebits = ebits
        self.mbits = mbits
        self.width = 1 + ebits + mbits
        self.bias = (1 << (ebits - 1)) - 1
        self.emin = 1 - self.bias
        self.emax = self.bias
        self.exp_mask = (1 << ebits) - 1
        self.man_mask = (1 << mbits) - 1
        self.sign_bit = 1 << (ebits + mbits)
        self.mask = (1 << self.width) - 1
        self.inf = self.exp_mask << mbits
        self.qnan = self.inf | (1 << (mbits - 1))  # default quiet NaN, positive
        self.max_finite = ((self.exp_mask - 1) << mbits) | self.man_mask
        self.min_normal = 1 << mbits

    def __repr__(self):
        return self.name

    # ---- classification of a bit pattern --------------------------------
    def sign(self, b):
        return (b >> (self.ebits + self.mbits)) & 1

    def exp_field(self, b):
        return (b >> self.mbits) & self.exp_mask

    def is_nan(self, b):
        return self.exp_field(b) == self.exp_mask and (b & self.man_mask) != 0

    def is_snan(self, b):
        return self.is_nan(b) and not (b >> (self.mbits - 1)) & 1

    def is_qnan(self, b):
        return self.is_nan(b) and bool((b >> (self.mbits - 1)) & 1)

    def is_inf(self, b):
        return self.exp_field(b) == self.exp_mask and (b & self.man_mask) == 0

    def is_zero(self, b):
        return (b & ~self.sign_bit & self.mask) == 0

    def is_denorm(self, b):
        return self.exp_field(b) == 0 and (b & self.man_mask) != 0

    def is_finite(self, b):
        return self.exp_field(b) != self.exp_mask

    def quiet(self, b):
        """The NaN with the quiet bit set, payload kept."""
        return b | (1 << (self.mbits - 1))

    def neg(self, b):
        return b ^ self.sign_bit

    def abs(self, b):
        return b & ~self.sign_bit & self.mask

    # ---- value <-> bits ---------------------------------------------------
    def value(self, b):
        """Exact value of a finite pattern as a Fraction (a zero is 0, its
        sign is lost: use sign())."""
        e = self.exp_field(b)
        m = b & self.man_mask
        if e == self.exp_mask:
            raise ValueError("%s pattern 0x%x is not finite" % (self.name, b))
        if e == 0:
            v = Fraction(m) * Fraction(2) ** (self.emin - self.mbits)
        else:
            v = Fraction(m | (1 << self.mbits)) * Fraction(2) ** (e - self.bias - self.mbits)
        return -v if self.sign(b) else v

    def zero(self, sign):
        return self.sign_bit if sign else 0

    def infinity(self, sign):
        return self.inf | (self.sign_bit if sign else 0)

    def round(self, x, mode=RNE, sign_of_zero=0):
        """Round the exact rational `x` to this format (IEEE 754-2019 4.3),
        overflow per 7.4. An exact zero gets `sign_of_zero`."""
        x = Fraction(x)
        if x == 0:
            return self.zero(sign_of_zero)
        s = 1 if x < 0 else 0
        a = -x if s else x
        # exponent E with 2^E <= a < 2^(E+1)
        E = a.numerator.bit_length() - a.denominator.bit_length()
        if Fraction(2) ** E > a:
            E -= 1
        if E < self.emin:
            E = self.emin
        q = Fraction(2) ** (E - self.mbits)  # quantum at this exponent
        n = a / q
        m = n.numerator // n.denominator
        rem = n - m
        if rem != 0:
            if mode == RNE:
                if rem > Fraction(1, 2) or (rem == Fraction(1, 2) and m & 1):
                    m += 1
            elif mode == RUP:
                if not s:
                    m += 1
            elif mode == RDN:
                if s:
                    m += 1
            elif mode != RTZ:
                raise ValueError("unknown rounding mode %r" % mode)
        if m == 1 << (self.mbits + 1):
            m >>= 1
            E += 1
        if E > self.emax:
            # overflow (7.4): infinity, or the largest finite number when the
            # direction rounds toward zero for this sign
            to_inf = mode == RNE or (mode == RUP and not s) or (mode == RDN and s)
            return self.infinity(s) if to_inf else (self.max_finite | (self.sign_bit if s else 0))
        if m == 0:
            return self.zero(s)
        if m < (1 << self.mbits):
            bits = m  # subnormal (E == emin)
        else:
            bits = ((E + self.bias) << self.mbits) | (m - (1 << self.mbits))
        return bits | (self.sign_bit if s else 0)

    # ---- integer-scaled values (fast path: no Fraction normalisation) ----------
    def decode(self, b):
        """Finite pattern -> (sign, m, e) with |value| = m * 2^e."""
        e = self.exp_field(b)
        m = b & self.man_mask
        if e == 0:
            return self.sign(b), m, self.emin - self.mbits
        return self.sign(b), m | (1 << self.mbits), e - self.bias - self.mbits

    def round_int(self, s, m, e, mode=RNE):
        """Round (-1)^s * m * 2^e (m >= 0 an integer) like round()."""
        if m == 0:
            return self.zero(s)
        # exponent of the leading bit
        E = m.bit_length() - 1 + e
        if E < self.emin:
            E = self.emin
        shift = (E - self.mbits) - e  # quantum 2^(E - mbits) = 2^(e + shift)
        if shift > 0:
            q = m >> shift
            rem = m - (q << shift)
            half = 1 << (shift - 1)
            if rem:
                if mode == RNE:
                    if rem > half or (rem == half and q & 1):
                        q += 1
                elif mode == RUP:
                    if not s:
                        q += 1
                elif mode == RDN:
                    if s:
                        q += 1
                elif mode != RTZ:
                    raise ValueError("unknown rounding mode %r" % mode)
        else:
            q = m << (-shift)
        if q == 1 << (self.mbits + 1):
            q >>= 1
            E += 1
        if E > self.emax:
            to_inf = mode == RNE or (mode == RUP and not s) or (mode == RDN and s)
            return self.infinity(s) if to_inf else (self.max_finite | (self.sign_bit if s else 0))
        if q == 0:
            return self.zero(s)
        if q < (1 << self.mbits):
            bits = q
        else:
            bits = ((E + self.bias) << self.mbits) | (q - (1 << self.mbits))
        return bits | (self.sign_bit if s else 0)

    def exactly(self, x):
        """Bits of `x` when it is exactly representable, else None."""
        b = self.round(x, RTZ)
        if not self.is_finite(b) or self.value(b) != Fraction(x):
            return None
        return b


F16 = Format("f16", 5, 10)
BF16 = Format("bf16", 8, 7)
F32 = Format("f32", 8, 23)
F64 = Format("f64", 11, 52)
FORMATS = {"f16": F16, "bf16": BF16, "f32": F32, "f64": F64}


def parse_literal(text, fmt, mode=RNE):
    """Bits of the decimal / hex-float literal `text` in `fmt`, rounded once in
    `mode` from its exact value. Accepts inf, -inf, nan (default quiet NaN),
    -nan, snan (signalling NaN with payload 1)."""
    t = text.strip().lower()
    sign = 0
    if t.startswith("-"):
        sign, t = 1, t[1:]
    elif t.startswith("+"):
        t = t[1:]
    if t in ("inf", "infinity"):
        return fmt.infinity(sign)
    if t in ("nan", "qnan"):
        return fmt.qnan | (fmt.sign_bit if sign else 0)
    if t == "snan":
        return fmt.inf | 1 | (fmt.sign_bit if sign else 0)
    if t.startswith("0x"):
        v = _hex_fraction(t)  # exact
    else:
        v = Fraction(t)  # exact decimal
    return fmt.round(-v if sign else v, mode, sign_of_zero=sign)


def _hex_fraction(t):
    """Exact value of a hex float literal 0xH.HHHp[+-]E (without sign)."""
    body = t[2:]
    exp = 0
    if "p" in body:
        body, e = body.split("p")
        exp = int(e)
    if "." in body:
        ip, fp = body.split(".")
    else:
        ip, fp = body, ""
    mant = int((ip or "0") + fp, 16) if (ip or fp) else 0
    return Fraction(mant) * Fraction(2) ** (exp - 4 * len(fp))
