"""Primary check of the ``kissing_theta`` family (spherical codes with pairwise cosine at most cos100/100).

What is checked: the answer (shared schema ``endless_exam.certificates.schemas.kissing_theta``) is a
tuple of pairwise distinct non-zero integer vectors (list or orbit form) such that no pair u != v has
u.v > 0 and q^2 (u.v)^2 > p^2 |u|^2 |v|^2, where p/q = cos100/100 in lowest terms. That is exactly
cos(u, v) <= c: for u.v <= 0 the cosine is <= 0 <= c, and for u.v > 0 both sides of u.v <= c |u||v|
are positive, so squaring is an equivalence. The rational c is never rounded.

Algorithms and libraries (``_spherical``): numpy block scans over all pairs (float64 BLAS dot
products, exact because every partial sum is an integer below 2^53; comparisons in int64, which the
schema's bounds keep below 2^63), python-flint ``fmpz`` for the exact witness cosine and the re-check
of witnesses; python-flint ``arb``/``acb`` for the bound.

The bound (``SPEC.bound``, docs/SPECIFICATION.md 3.3): the cap-packing bound floor(1/mu) with
mu = int_0^(theta/2) sin^(d-2) t dt / int_0^pi sin^(d-2) t dt and theta = arccos(c): caps of angular
radius theta/2 around the code points have disjoint interiors, so their number times the normalised
cap area mu is at most 1. Both integrals are enclosed rigorously by ``acb.integral`` (ball arithmetic
with certified error bounds) at increasing precision until the enclosure of 1/mu determines its floor.
1/mu is an integer only in exactly decidable cases, handled exactly: d = 2 with c = 0 or 1/2
(mu = theta / (2 pi) = 1/4, 1/6), and odd d - 2 = 2k + 1, where mu = 1/2 - y R(y^2) / (2 F(1)) with
y = cos(theta/2) = sqrt((1 + c)/2), F(u) = int_0^u (1 - t^2)^k dt = u R(u^2), decided in ``fmpq``. For
even d - 2 >= 2, or d = 2 with any other c, 1/mu is irrational (Lindemann-Weierstrass and Niven's
theorem: mu = rational * theta/pi + algebraic/pi), so refinement terminates. The upstream release
evaluates the same formula with Simpson's rule in floating point; tests/families/kissing_theta/test_kissing_theta_properties.py lists
the instances where the two differ (none in the suites).

Libraries: numpy (the pair scans on validated integers), python-flint (``fmpz``: witness cosines and
witness re-checks; ``arb``/``acb``: the rigorous cap-packing bound; ``fmpq``: its exact cases).
"""
from __future__ import annotations

from math import comb

from flint import acb, arb, ctx, fmpq

from endless_exam.certificates.schemas._spherical import SphericalAnswer
from endless_exam.certificates.verdict import Verdict
from endless_exam.certificates.witness import Witness

from . import _spherical
from .spec import FamilySpec

LIBRARIES = _spherical.LIBRARIES
PRECISIONS = (96, 192, 384, 768, 1536, 3072, 6144)


# ---- the cap-packing bound ----------------------------------------------------------------------------

def cap_inverse(d: int, cos100: int, prec: int) -> arb:
    """A rigorous ball containing 1/mu (see the module docstring), at ``prec`` bits."""
    n = d - 2
    with ctx.workprec(prec):
        half = (arb(cos100) / 100).acos() / 2

        def f(t, analytic):
            return t.sin() ** n if n else acb(1)
        num = acb.integral(f, 0, half).real
        den = acb.integral(f, 0, arb.pi()).real
        return den / num


def _odd_exact_inverse_is(d: int, cos100: int, m: int) -> bool:
    """For odd d - 2 = 2k + 1: is 1/mu exactly the integer m (m >= 1)?"""
    k = (d - 3) // 2
    s = (1 + fmpq(cos100, 100)) / 2                                   # y^2, y = cos(theta/2) > 0
    r_s = sum((fmpq(comb(k, i) * (-1) ** i, 2 * i + 1) * s ** i for i in range(k + 1)), fmpq(0))
    f_1 = sum((fmpq(comb(k, i) * (-1) ** i, 2 * i + 1) for i in range(k + 1)), fmpq(0))
    target = f_1 * (1 - fmpq(2, m))                                   # need y * R(s) = target
    if target == 0:
        return r_s == 0
    if (r_s > 0) != (target > 0) or r_s == 0:
        return False
    return s * r_s * r_s == target * target


def cap_bound(d: int, cos100: int) -> int:
    """floor(1/mu), decided rigorously (``ValueError`` outside d in 2..16, cos100 in 0..99)."""
    if type(d) is not int or type(cos100) is not int or not 2 <= d <= 16 or not 0 <= cos100 <= 99:
        raise ValueError(f"the cap-packing bound is defined here for d in 2..16 and cos100 in 0..99, got {d}, {cos100}")
    if d == 2 and cos100 in (0, 50):
        return {0: 4, 50: 6}[cos100]                                  # mu = theta/(2 pi) = 1/4, 1/6 exactly
    for prec in PRECISIONS:
        inv = cap_inverse(d, cos100, prec)
        with ctx.workprec(prec):
            m = int(inv.mid().floor().unique_fmpz())
            if inv > m and inv < m + 1:
                return m
            if inv < m:
                m -= 1
                if inv > m:
                    return m
            near = int((inv.mid() + arb(1) / 2).floor().unique_fmpz())
        if (d - 2) % 2 == 1 and near >= 1 and _odd_exact_inverse_is(d, cos100, near):
            return near
    raise RuntimeError(f"cap-packing bound for d={d}, cos100={cos100} not resolved at {PRECISIONS[-1]} bits")


def _bound(p: dict) -> tuple[int, str]:
    return cap_bound(p["d"], p["cos100"]), "bound"


SPEC = FamilySpec(key="kissing_theta", bound=_bound)


def check(parsed: SphericalAnswer) -> Verdict:
    return _spherical.check(parsed, f"pairwise cosines at most {parsed.cos_num}/{parsed.cos_den}")


def confirm(parsed: SphericalAnswer, w: Witness) -> tuple[bool, str]:
    return _spherical.confirm(parsed, w)
