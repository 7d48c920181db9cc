"""Second check of the ``labs`` family (independent of ``endless_exam.checker.families.labs``).

Checked: the +-1 sequence (shared schema ``endless_exam.certificates.schemas.labs``; every well-formed sequence is
valid) and its exact merit factor F = N^2 / (2E), E = sum_{k=1}^{N-1} C_k^2, as a Fraction.

Why it is the definition. Each term s_i s_{i+k} of C_k = sum_{i=1}^{N-k} s_i s_{i+k} is +1 when the two
entries are equal and -1 when they differ, so C_k = (N - k) - 2 D_k with D_k the number of positions
i <= N - k where s_i != s_{i+k}. The sequence is encoded as one Python integer x with bit i (0-based)
set iff s_{i+1} = -1; then bit i of x XOR (x >> k) is set iff s_{i+1} != s_{i+1+k}, and masking to the
low N - k bits keeps exactly the N - k terms of C_k, so D_k = popcount(((x ^ (x >> k)) & (2^(N-k) - 1))).
This is the O(N^2) double sum of the definition, evaluated 64 terms per machine word by Python's
arbitrary-precision integers, unlike the primary's numpy int64 correlation; nothing has fixed width.

Libraries: none beyond the standard library. Path: plain Python integers (``int.bit_count``) and
``fractions.Fraction`` only (no numpy, no FLINT, no
gmpy2; sympy and z3 add nothing to an integer sum). Cost about 0.1 s at N = 20,000 and under 1 s at N = 100,000. The literal
term-by-term sum ``literal_energy`` (used by the tests) and the z3 oracle
(``endless_exam.crosscheck.oracle.labs``, small N) state the same energy differently.
"""
from __future__ import annotations

import operator
from fractions import Fraction

from endless_exam.certificates.schemas import labs as schema
from endless_exam.certificates.verdict import Verdict, accept
from endless_exam.certificates.witness import Witness

LIBRARIES: tuple[str, ...] = ()


def energy(seq: tuple[int, ...]) -> int:
    """E by disagreement counts on a bit encoding (exact, plain integers)."""
    n = len(seq)
    # bit i of x is set iff s_(i+1) = -1 (the binary text lists the bits from the most significant)
    x = int("".join("1" if v == -1 else "0" for v in reversed(seq)), 2)
    total = 0
    for k in range(1, n):
        m = n - k
        d = ((x ^ (x >> k)) & ((1 << m) - 1)).bit_count()
        c = m - 2 * d
        total += c * c
    return total


def literal_energy(seq: tuple[int, ...]) -> int:
    """E term by term: sum over k of (sum_i s_i s_(i+k))^2 (the textbook double sum, for tests)."""
    s = list(seq)
    total = 0
    for k in range(1, len(s)):
        c = sum(map(operator.mul, s, s[k:]))
        total += c * c
    return total


def check(parsed: schema.LabsAnswer) -> Verdict:
    n = parsed.N
    e = energy(parsed.seq)
    if e <= 0:
        raise RuntimeError(f"labs second check: energy {e} is not positive for N = {n}")
    f = Fraction(n * n, 2 * e)
    return accept(f, f"merit factor F = {f} ~ {float(f):.6f} (E = {e})")


def confirm(parsed: schema.LabsAnswer, w: Witness) -> tuple[bool, str]:
    """No witness kind exists for this family: nothing can be confirmed."""
    return False, "labs declares no witness kinds (every well-formed sequence is valid)"
