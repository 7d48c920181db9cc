"""Second check of the ``kissing_theta`` family (independent of ``endless_exam.checker.families.kissing_theta``).

Checked: the integer vectors (shared schema ``endless_exam.certificates.schemas.kissing_theta``) are
pairwise distinct and no pair u != v has u.v > 0 and q^2 (u.v)^2 > p^2 |u|^2 |v|^2 with p/q = cos100/100
in lowest terms (cos(u, v) > c). Path: the independent numpy int64 threshold algorithm of
``_spherical`` (exact ``math.isqrt`` thresholds per pair of norms), plain Python integers for witnesses;
the z3 statement of the definition is ``endless_exam.crosscheck.oracle.kissing_theta``.

The cap-packing bound floor(1/mu) (docs/SPECIFICATION.md 3.3), independently of the primary's ``arb``
integration: an exact closed form and rational interval arithmetic (``fractions.Fraction`` endpoints
rounded outward to multiples of 2^-bits). With x = theta/2, s^2 = sin^2 x = (1 - c)/2 and
y^2 = cos^2 x = (1 + c)/2 (both rational), the recursion
I_n = -sin^(n-1) x cos x / n + (n-1)/n I_(n-2), W_n = (n-1)/n W_(n-2) for I_n = int_0^x sin^n and
W_n = int_0^pi sin^n gives, with n = d - 2:
* n odd (I_1 = 1 - y, W_1 = 2): mu = a + b y with a, b rational -- decided exactly: 1/mu >= m iff
  mu <= 1/m, and the sign of a rational plus b sqrt(y^2) is sign(X|X| + b|b| y^2);
* n even (I_0 = x, W_0 = pi): mu = (x + beta z) / pi with beta rational and z = sqrt(1 - c^2)
  (sin x cos x = z/2); x = atan(sqrt((1-c)/(1+c))) and pi = 16 atan(1/5) - 4 atan(1/239) are enclosed
  by argument halving atan(t) = 2 atan(t / (1 + sqrt(1 + t^2))) and the alternating Taylor series
  (consecutive partial sums bracket atan t for 0 <= t <= 1/4). 1/mu is never an integer here except
  for d = 2 with c = 0 or 1/2 (mu = 1/4, 1/6 exactly, handled exactly); otherwise the precision is
  doubled until the enclosure determines the floor.

Libraries: numpy (pair scans on int64), Python integers and ``fractions.Fraction`` (bound, witnesses).
"""
from __future__ import annotations

from fractions import Fraction
from math import isqrt
from typing import Any

from endless_exam.certificates.verdict import Verdict
from endless_exam.certificates.witness import Witness

from . import _spherical

LIBRARIES = _spherical.LIBRARIES
BITS = (80, 160, 320, 640, 1280, 2560, 5120)


def reparse(answer: Any, params: dict, parsed: Any) -> _spherical.Vectors:
    return _spherical.from_shared(parsed)


def check(vec: _spherical.Vectors) -> Verdict:
    return _spherical.check(vec, f"every pairwise cosine at most {vec.p}/{vec.q}")


def confirm(vec: _spherical.Vectors, w: Witness) -> tuple[bool, str]:
    return _spherical.confirm(vec, w)


# ---- rational interval arithmetic ---------------------------------------------------------------

class Box:
    """A closed interval [lo, hi] with Fraction endpoints on the grid 2^-bits (rounded outward)."""

    __slots__ = ("lo", "hi", "bits")

    def __init__(self, lo: Fraction, hi: Fraction, bits: int, exact: bool = False) -> None:
        if lo > hi:
            raise RuntimeError("interval self-check failed: lo > hi")
        scale = 1 << bits
        if exact:
            self.lo, self.hi = Fraction(lo), Fraction(hi)
        else:
            self.lo = Fraction((lo.numerator * scale) // lo.denominator, scale)
            self.hi = Fraction(-((-hi.numerator * scale) // hi.denominator), scale)
        self.bits = bits

    @classmethod
    def point(cls, v, bits: int) -> "Box":
        return cls(Fraction(v), Fraction(v), bits, exact=True)

    def __add__(self, o: "Box") -> "Box":
        return Box(self.lo + o.lo, self.hi + o.hi, self.bits)

    def __sub__(self, o: "Box") -> "Box":
        return Box(self.lo - o.hi, self.hi - o.lo, self.bits)

    def __mul__(self, o: "Box") -> "Box":
        c = (self.lo * o.lo, self.lo * o.hi, self.hi * o.lo, self.hi * o.hi)
        return Box(min(c), max(c), self.bits)

    def scale(self, r: Fraction) -> "Box":
        a, b = self.lo * r, self.hi * r
        return Box(min(a, b), max(a, b), self.bits)

    def __truediv__(self, o: "Box") -> "Box":
        if o.lo <= 0:
            raise RuntimeError("interval division by an interval that is not positive")
        c = (self.lo / o.lo, self.lo / o.hi, self.hi / o.lo, self.hi / o.hi)
        return Box(min(c), max(c), self.bits)


def sqrt_box(r: Fraction, bits: int) -> Box:
    """An enclosure of sqrt(r) for a rational r >= 0."""
    if r < 0:
        raise RuntimeError("square root of a negative number")
    scale2 = 1 << (2 * bits)
    low = isqrt((r.numerator * scale2) // r.denominator)
    high = isqrt(-((-r.numerator * scale2) // r.denominator))
    if high * high < -((-r.numerator * scale2) // r.denominator):
        high += 1
    return Box(Fraction(low, 1 << bits), Fraction(high, 1 << bits), bits)


def _atan_series(t: Fraction, bits: int) -> Box:
    """atan(t) for rational 0 <= t <= 1/4: consecutive partial sums of the alternating series bracket it."""
    if not 0 <= t <= Fraction(1, 4):
        raise RuntimeError("atan series used outside [0, 1/4]")
    if t == 0:
        return Box.point(0, bits)
    eps = Fraction(1, 1 << (bits + 4))
    total, power, k, t2 = Fraction(0), t, 0, t * t
    while True:
        term = power / (2 * k + 1)
        before = total
        total = total + term if k % 2 == 0 else total - term
        if term < eps:
            return Box(min(before, total), max(before, total), bits)
        power *= t2
        k += 1


def atan_box(t: Fraction, bits: int, depth: int = 0) -> Box:
    """atan(t) for a rational 0 <= t <= 1, by halving the argument until it is at most 1/4."""
    if t <= Fraction(1, 4):
        return _atan_series(t, bits)
    if depth > 8:
        raise RuntimeError("atan argument reduction did not converge")
    root = sqrt_box(1 + t * t, bits + 8)
    one = Box.point(1, bits + 8)
    shrunk = Box.point(t, bits + 8) / (one + root)                    # t / (1 + sqrt(1 + t^2)), an interval
    lo, hi = atan_box(shrunk.lo, bits + 4, depth + 1), atan_box(shrunk.hi, bits + 4, depth + 1)
    return Box(2 * lo.lo, 2 * hi.hi, bits)                             # atan is increasing


def atan_of_box(t: Box, bits: int) -> Box:
    return Box(atan_box(max(t.lo, Fraction(0)), bits).lo, atan_box(min(t.hi, Fraction(1)), bits).hi, bits)


def pi_box(bits: int) -> Box:
    a, b = _atan_series(Fraction(1, 5), bits + 6), _atan_series(Fraction(1, 239), bits + 6)
    return Box(16 * a.lo - 4 * b.hi, 16 * a.hi - 4 * b.lo, bits)


# ---- the closed form -------------------------------------------------------------------------------

def closed_form(d: int, cos100: int) -> tuple[str, Fraction, Fraction]:
    """("odd", a, b) meaning mu = a + b y, or ("even", 1, beta) meaning mu = (x + beta z)/pi."""
    n = d - 2
    c = Fraction(cos100, 100)
    s2 = (1 - c) / 2
    if n % 2:
        alpha, beta, w = Fraction(1), Fraction(-1), Fraction(2)        # I_1 = 1 - y, W_1 = 2
        for m in range(3, n + 1, 2):
            coef = s2 ** ((m - 1) // 2) / m                            # sin^(m-1) x cos x / m = coef * y
            alpha, beta = Fraction(m - 1, m) * alpha, -coef + Fraction(m - 1, m) * beta
            w = Fraction(m - 1, m) * w
        return "odd", alpha / w, beta / w
    xcoef, zcoef = Fraction(1), Fraction(0)                            # I_0 = x, W_0 = pi
    for m in range(2, n + 1, 2):
        coef = s2 ** ((m - 2) // 2) / (2 * m)                          # sin^(m-1) x cos x / m = coef * z
        xcoef, zcoef = Fraction(m - 1, m) * xcoef, -coef + Fraction(m - 1, m) * zcoef
    # W_n = pi * xcoef, so mu = (xcoef x + zcoef z) / (pi xcoef)
    return "even", Fraction(1), zcoef / xcoef


def _sign_plus_root(x: Fraction, b: Fraction, r: Fraction) -> int:
    """sign(x + b sqrt(r)) for rationals, r >= 0: sign(x|x| + b|b| r)."""
    v = x * abs(x) + b * abs(b) * r
    return (v > 0) - (v < 0)


def cap_inverse_box(d: int, cos100: int, bits: int) -> Box:
    """A rational enclosure of 1/mu."""
    kind, a, b = closed_form(d, cos100)
    c = Fraction(cos100, 100)
    if kind == "odd":
        mu = Box.point(a, bits) + sqrt_box((1 + c) / 2, bits + 8).scale(b)
    else:
        x = atan_of_box(sqrt_box((1 - c) / (1 + c), bits + 8), bits + 8)
        z = sqrt_box(1 - c * c, bits + 8)
        mu = (x + z.scale(b)) / pi_box(bits + 8)
    return Box.point(1, bits) / mu


def cap_bound(d: int, cos100: int) -> int:
    """floor(1/mu), decided exactly (odd d - 2, and d = 2 with c in {0, 1/2}) or by rational enclosures."""
    if type(d) is not int or type(cos100) is not int or not 2 <= d <= 16 or not 0 <= cos100 <= 99:
        raise ValueError(f"the cap-packing bound is defined here for d in 2..16 and cos100 in 0..99, got {d}, {cos100}")
    if d == 2 and cos100 in (0, 50):
        return 4 if cos100 == 0 else 6                                 # mu = x / pi with x = pi/4 or pi/6
    kind, a, b = closed_form(d, cos100)
    for bits in BITS:
        box = cap_inverse_box(d, cos100, bits)
        lo, hi = box.lo.numerator // box.lo.denominator, box.hi.numerator // box.hi.denominator
        if lo == hi and Fraction(lo) != box.lo:
            return lo
        if kind == "odd" and hi - lo <= 2:
            y2 = (1 + Fraction(cos100, 100)) / 2
            # the exact floor: the largest m with mu <= 1/m, searched from the enclosure's candidates
            for m in range(hi + 1, max(lo, 1) - 1, -1):
                if m >= 1 and _sign_plus_root(a - Fraction(1, m), b, y2) <= 0:
                    return m
    raise RuntimeError(f"cap-packing bound for d={d}, cos100={cos100} not resolved at {BITS[-1]} bits")
