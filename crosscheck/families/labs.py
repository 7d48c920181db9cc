"""Second check of the ``labs`` family (independent of ``endless_exam.checker.families.labs``).

Checked: the +-1 sequence (shared schema ``endless_exam.certificates.schemas.labs``; every well-formed sequence is
valid) and its exact merit factor F = N^2 / (2E), E = sum_{k=1}^{N-1} C_k^2, as a Fraction.

Why it is the definition. Write b_i = 1 if s_i = -1 and 0 otherwise (0-based), so s_i = 1 - 2 b_i and
s_i s_(i+k) = 1 - 2 b_i - 2 b_(i+k) + 4 b_i b_(i+k). Summing over i < N - k,
C_k = (N - k) - 2 (P_(N-k) + (B - P_k)) + 4 A_k, with P_j = b_0 + ... + b_(j-1) (prefix sums),
B = P_N and A_k = sum_{i < N-k} b_i b_(i+k), the number of positions where both entries are -1.
The A_k are read off one exact big-number product (Kronecker substitution): with slots of w decimal
digits, w the number of digits of N, X = sum_i b_i 10^(w i) and Y = sum_j b_(N-1-j) 10^(w j) give
X Y = sum_m (sum_{i+j=m} b_i b_(N-1-j)) 10^(w m), whose slot m = N - 1 - k holds A_k <= N - k < 10^w,
so no slot carries into the next and the digits of the product are the A_k. The product is the
standard library's ``decimal`` multiplication (libmpdec, number-theoretic transforms for long
operands) in a context with the maximal precision that traps ``Inexact`` and ``Rounded``, so it is exact
or an internal error; the digits are cut into slots by numpy (uint8 digits combined by Horner's rule
in int64, one pass per digit position, every slot < 10^8), the prefix sums and C_k are int64 (|C_k| < N), and the squares are summed in
int64 blocks of 2^16 terms (each below 2^16 N^2 < 2^63 for N < 1.1 * 10^7) and then as Python integers.
A different method from the primary's FLINT product of the +-1 polynomials; the bit-parallel double
sum ``popcount_energy`` (O(N^2 / 64)) and the literal ``literal_energy`` state E a third and a fourth way
for the tests, and the z3 oracle (``endless_exam.crosscheck.oracle.labs``, small N) a fifth.

Libraries: ``decimal`` (standard library) for the product, numpy for cutting the digits and the sums;
Python integers and ``fractions.Fraction`` (no FLINT, no gmpy2). Cost about 0.1 s at N = 100,000 and
about 10 s of CPU at N = 8,000,000.
"""
from __future__ import annotations

import decimal
import operator
from fractions import Fraction

import numpy as np

from endless_exam.certificates.schemas import labs as schema
from endless_exam.certificates.verdict import Verdict, accept
from endless_exam.certificates.witness import Witness

LIBRARIES = ("numpy",)
_BLOCK = 1 << 16                 # squares summed in int64 per block (< 2^16 N^2 < 2^63)
_EXACT = decimal.Context(prec=decimal.MAX_PREC, Emax=decimal.MAX_EMAX, Emin=decimal.MIN_EMIN,
                         traps=[decimal.Inexact, decimal.Rounded, decimal.InvalidOperation, decimal.Overflow])


def energy(seq: tuple[int, ...]) -> int:
    """E by the Kronecker-substitution product of the 0/1 indicator of the -1 entries (exact)."""
    n = len(seq)
    bits = ["1" if v == -1 else "0" for v in seq]
    b = np.frombuffer("".join(bits).encode("ascii"), dtype=np.uint8).astype(np.int64) - 48   # b_0 .. b_(n-1)
    w = len(str(n))                                    # every A_k <= n - 1 < 10^w
    pad = "0" * (w - 1)
    x = decimal.Decimal(pad.join(reversed(bits)))     # digit string of sum b_i 10^(w i), b_0 last
    y = decimal.Decimal(pad.join(bits))               # sum b_(n-1-j) 10^(w j)
    text = str(_EXACT.multiply(x, y)) if "1" in bits else "0"
    low = (n - 1) * w                                 # slots 0..n-2: A_(n-1) .. A_1, least significant last
    text = text[-low:].rjust(low, "0")
    digits = (np.frombuffer(text.encode("ascii"), dtype=np.uint8) - 48).reshape(n - 1, w)   # uint8, 0..9
    a = digits[:, 0].astype(np.int64)                                     # a[k - 1] = A_k, Horner over the
    for col in range(1, w):                                               # w digits of each slot (< 10^w)
        a *= 10
        a += digits[:, col]
    prefix = np.concatenate(([0], np.cumsum(b)))                          # prefix[j] = P_j
    k = np.arange(1, n, dtype=np.int64)
    c = (n - k) - 2 * (prefix[n - k] + (prefix[n] - prefix[k])) + 4 * a
    if int(c[-1]) != seq[0] * seq[-1]:
        raise RuntimeError("labs second check: C_(N-1) differs from s_1 s_N")
    squares = np.zeros(-(-len(c) // _BLOCK) * _BLOCK, dtype=np.int64)
    squares[:len(c)] = c * c
    return sum(int(v) for v in squares.reshape(-1, _BLOCK).sum(axis=1))


def popcount_energy(seq: tuple[int, ...]) -> int:
    """E by disagreement counts on a bit encoding (exact, plain integers; O(N^2 / 64), for tests): each
    term s_i s_(i+k) is +1 when the entries agree and -1 when they differ, so C_k = (N - k) - 2 D_k with
    D_k = popcount((x ^ (x >> k)) & (2^(N-k) - 1)), bit i of x set iff s_(i+1) = -1."""
    n = len(seq)
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
