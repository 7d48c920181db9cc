"""Primary check of the ``labs`` family (low-autocorrelation binary sequences).

What is checked: the answer is a sequence s_1..s_N of entries +-1 (shared schema
``endless_exam.certificates.schemas.labs``; every well-formed sequence is valid). The objective is the exact merit
factor F = N^2 / (2E), E = sum_{k=1}^{N-1} C_k^2, C_k = sum_{i=1}^{N-k} s_i s_{i+k}, as a Fraction.

Why the computation is exact. With p(x) = sum_i s_i x^i and its reverse p*(x) = x^(N-1) p(1/x), the
product z = p p* has the coefficient sum_i s_i s_(i+k) = C_k at x^(N-1+k) (and C_k again at x^(N-1-k),
C_0 = N at x^(N-1)). FLINT multiplies the two integer polynomials exactly (``fmpz_poly``, its fast
O(N log N)-type algorithms on integer coefficients); the coefficients C_1..C_(N-1) are read back as
exact integers and squared and summed as Python integers. Self-checks: C_0 = N and C_(N-1) = s_1 s_N (a
failure is an internal error, never a verdict). E >= 1 because C_(N-1) = +-1, so F is a finite
positive rational.

Libraries: python-flint (``fmpz_poly`` from the validated Python ints, the product, ``right_shift`` and
``coeffs`` for the coefficients); Python integers and ``Fraction`` for E and F. Cost about 0.03 s at
N = 100,000 and 7 s of CPU at N = 8,000,000 (the public release's direct O(N^2) numpy correlation takes
7.5 s at 100,000 and runs out of its 60 s near 250,000).

The bound (``SPEC.bound``): the benchmark's target 12.32 = 308/25, kind ``conjecture`` (Golay's
asymptotic conjecture; not a proven bound, so it never enters gap closed).
"""
from __future__ import annotations

from fractions import Fraction

import flint

from endless_exam.certificates.schemas import labs as schema
from endless_exam.certificates.verdict import Verdict, accept
from endless_exam.certificates.witness import Witness

from .spec import FamilySpec

LIBRARIES = ("python-flint",)
TARGET = Fraction(308, 25)    # 12.32


def _bound(p: dict) -> tuple[Fraction, str]:
    return TARGET, "conjecture"


SPEC = FamilySpec(key="labs", bound=_bound)


def correlations(seq: tuple[int, ...]) -> list[int]:
    """C_1, ..., C_{N-1} as Python ints, from the exact product of p and its reverse."""
    n = len(seq)
    values = list(seq)
    z = flint.fmpz_poly(values) * flint.fmpz_poly(values[::-1])
    if int(z[n - 1]) != n:
        raise RuntimeError("labs self-check failed: C_0 differs from N")
    return [int(c) for c in z.right_shift(n).coeffs()]


def energy(seq: tuple[int, ...]) -> int:
    c = correlations(seq)
    if len(c) != len(seq) - 1 or c[-1] != seq[0] * seq[-1]:
        raise RuntimeError("labs self-check failed: C_{N-1} differs from s_1 s_N")
    return sum(v * v for v in c)


def check(parsed: schema.LabsAnswer) -> Verdict:
    n = parsed.N
    e = energy(parsed.seq)
    if e < 1:
        raise RuntimeError(f"labs self-check failed: energy {e} < 1 for N = {n}")
    f = Fraction(n * n, 2 * e)
    return accept(f, f"merit factor F = {n}^2 / (2 * {e}) = {f} ~ {float(f):.6f} (energy E = {e})")


def confirm(parsed: schema.LabsAnswer, w: Witness) -> tuple[bool, str]:
    """The family declares no witness kind, so no witness can be a counterexample."""
    return False, "labs has no duplicate or property witnesses: every well-formed sequence is valid"
