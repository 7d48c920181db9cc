"""Primary check of the ``labs`` family (low-autocorrelation binary sequences).

What is checked: the answer is a sequence s_1..s_N of entries +-1 (shared schema
``endless_exam.certificates.schemas.labs``; every well-formed sequence is valid). The objective is the exact merit
factor F = N^2 / (2E), E = sum_{k=1}^{N-1} C_k^2, C_k = sum_{i=1}^{N-k} s_i s_{i+k}, as a Fraction.

Why the computation is exact. The aperiodic autocorrelations C_k are the entries N..2N-2 (0-based) of the
full linear correlation of s with itself, which numpy's ``correlate`` computes by the direct sum (no FFT,
no floating point) on an int64 array. |C_k| <= N - k < 2^17 and E <= sum_k (N-k)^2 < N^3/3 < 2^49 for
N <= 100,000, so no int64 value can overflow. A self-check compares C_{N-1} with s_1 s_N (a failure is an
internal error, never a verdict). E >= 1 because C_{N-1} = +-1, so F is a finite positive rational.

Libraries: numpy (the +-1 list, already validated as Python ints by the schema, is converted to int64;
``numpy.correlate`` for C_k, ``numpy.dot`` for E); Python ``Fraction`` for F. Cost O(N^2) in C, about
0.15-0.4 s at N = 20,000 and 8 s at N = 100,000.

The bound (``SPEC.bound``): the benchmark's target 12.32 = 308/25, kind ``conjecture`` (Golay's
asymptotic conjecture; not a proven bound, so it never enters gap closed).
"""
from __future__ import annotations

from fractions import Fraction

import numpy as np

from endless_exam.certificates.schemas import labs as schema
from endless_exam.certificates.verdict import Verdict, accept
from endless_exam.certificates.witness import Witness

from .spec import FamilySpec

LIBRARIES = ("numpy",)
TARGET = Fraction(308, 25)    # 12.32


def _bound(p: dict) -> tuple[Fraction, str]:
    return TARGET, "conjecture"


SPEC = FamilySpec(key="labs", bound=_bound)


def correlations(seq: tuple[int, ...]) -> np.ndarray:
    """C_1, ..., C_{N-1} as int64 (exact: |C_k| < N <= 100,000)."""
    a = np.array(seq, dtype=np.int64)
    full = np.correlate(a, a, mode="full")          # index N-1+k holds C_k
    return full[len(seq):]


def energy(seq: tuple[int, ...]) -> int:
    c = correlations(seq)
    if len(seq) >= 2 and int(c[-1]) != seq[0] * seq[-1]:
        raise RuntimeError("labs self-check failed: C_{N-1} differs from s_1 s_N")
    return int(np.dot(c, c))


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
