"""Primary check of the ``lineq`` family.

What is checked: the answer (shared schema ``endless_exam.certificates.schemas.lineq``: a list of integers in 1..n, or
``{"digits": SPEC}``) is a set A of distinct integers with no solution of a x + b y = (a + b) z,
x, y, z in A, other than x = y = z.

Why the check is sufficient. Let g = gcd(a, b), a' = a/g, b' = b/g, s = a' + b'; the equation is
a' x + b' y = s z. If x = y then s z = s x, so z = x: the only solutions with x = y are trivial, and
a non-trivial solution has x != y, hence z (a weighted mean of x and y with positive weights) lies
strictly between them. Moreover x = y (mod s) in every solution: b' = -a' (mod s), so
0 = a' x + b' y = a'(x - y) (mod s), and gcd(a', s) = gcd(a', b') = 1. Conversely for x != y in one
residue class mod s, z = (a' x + b' y)/s is an integer strictly between them. So A is solution-free
iff no unordered pair {u, v}, u < v, of one residue class mod s has (a' u + b' v)/s or
(b' u + a' v)/s in A (the two ways to assign u, v to x, y). Equivalently, for z in A let
r(z) = #{(x, y) in A^2 : a' x + b' y = s z}; the pair (z, z) is always counted, so A is
solution-free iff r(z) = 1 for every z in A; r(z) is the coefficient of X^(s z) in P_a'(X) P_b'(X),
where P_c(X) = sum_{x in A} X^(c x).

Algorithm (exact; numpy on the validated ints, every value a' x + b' y < 2 * 10^18 in int64 since
a, b <= 10^6 and n <= 10^12), one of two methods chosen by an estimate of their cost on the input's
shape (``choose_method``):
* the class-pair scan: the elements are sorted by (x mod s, x) and all unordered pairs of one class
  are formed in chunks (``_pairs``: growing from 4096 to 2^20 pairs), the two candidate middles are
  looked up (``_Member``: a boolean table over min A..max A while that span is below 2^26, else a
  filter of residues modulo a random prime followed by binary search), and the scan stops at the
  first chunk with a hit. So the cost depends on the answer, not on n (issue 21): 20,000 elements of
  one class spread over 1..10^10 are 2 * 10^8 pairs, about 7 s.
  Cost about 10 ns per pair; the number of pairs, sum over classes of |A_c|(|A_c| - 1)/2 (about
  |A|^2 / (2 s) for a spread set), is computed exactly before the choice. It wins for small sets and
  for large s (a = 1, b = 999 with the set 1..999 has no pair at all; a = 500, b = 499 with the 512
  ternary numbers up to 10^4 has 328). Witness: the first solution in the order (class, u, v), x = u
  before x = v.
* the product (``representation_counts``): Kronecker substitution with FLINT integers (8-bit slots when
  |A| < 2^8, else 16-bit; |A| <= 20,000), shifted by min(A); the integers have about
  w (a' + b') (max A - min A) bits, and the product is used only while (a' + b') (max A - min A) <=
  ``PRODUCT_MAX_SLOTS`` = 10^7 (the scan decides wider sets). A self-check compares
  the digit sum with |A|^2. Before the product the scan runs as a probe, for at most 1/16 of the
  product's estimated cost, so that a large set with solutions everywhere (20,000 random numbers up to
  10^6) is rejected after a few thousand pairs. Witness: the first z in answer order with r(z) >= 2,
  and the first x in answer order completing it (one numpy pass; none found is a self-check failure).
The witness depends on the method (both name a genuine solution). A self-check failure is an internal
error, never a verdict. Duplicates: the values are sorted (``numpy.sort``); only when equal neighbours
exist is a stable argsort computed to name the first duplicate.

Libraries: numpy: the class-pair scan and indicator arrays; python-flint: the exact fmpz Kronecker products that count solutions.
"""
from __future__ import annotations

import math

import numpy as np

from endless_exam.certificates.schemas import lineq as schema
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from . import _pairs
from ._duplicates import confirm_duplicate, first_duplicate
from .spec import FamilySpec

LIBRARIES = ("numpy", "python-flint")   # distributions this verifier's process loads for the family
PRELOAD = ("flint",)   # imported lazily by the check; the zygote imports it once


def _bound(p: dict):
    return p["n"], "trivial"


SPEC = FamilySpec(key="lineq", bound=_bound)


FIRST_CHUNK = 1 << 12      # pairs in the first step of the class-pair scan; each step doubles ...
PAIR_CHUNK = 1 << 20       # ... up to this many pairs (bounds the temporary arrays to ~100 MB)
# Cost model of the method choice, in seconds on the reference machine (a 2-core VM), measured with
# tests/benchmarks/bench_lineq.py: one unordered class pair of the scan, and one bit of the integers
# multiplied by the product (both factors and the result).
PAIR_SECONDS = 1.0e-8
PRODUCT_BIT_SECONDS = 0.7e-9
PROBE_SHARE = 16           # before a product, the scan runs for at most 1/16 of the product's cost


PRODUCT_MAX_SLOTS = 10_000_000   # the product is used only while s (max A - min A) is at most this
DENSE_SPAN = 1 << 26             # membership by a table of max A - min A + 1 cells up to this span ...
FILTER_BITS = 24                 # ... beyond it by residues modulo a random prime in [2^24, 2^25)


def _random_prime(bits: int) -> int:
    """A prime drawn uniformly enough from [2^bits, 2^(bits+1)): the next prime after a random start
    (trial division by the odd numbers up to the square root; bits <= 30)."""
    import secrets

    c = (1 << bits) + secrets.randbelow(1 << bits) | 1
    while True:
        if all(c % f for f in range(3, math.isqrt(c) + 1, 2)):
            if c < 1 << (bits + 1):
                return c
            c = (1 << bits) | 1
        c += 2


class _Member:
    """Exact membership of int64 values in the set A (the answer's distinct elements).

    A span max A - min A below ``DENSE_SPAN``: a boolean table over min A..max A. A wider span (n up to
    10^12 allows 20,000 elements anywhere): a boolean table of the residues of A modulo a prime P drawn at
    random from [2^24, 2^25) as a filter, then binary search (``numpy.searchsorted``) in the sorted A for
    the values that pass. Exact: a member always passes the filter, and the search decides. Cost: a value
    v outside A passes only if P divides v - a for some a in A; every such difference is a non-zero
    integer below 2^41, so it has at most one prime factor in [2^24, 2^25), and there are about 10^6
    primes there: a value passes with probability at most |A| / 10^6 <= 0.02 over the draw of P, whatever
    the set (the draw is made per check, so no submitted set can be prepared against it)."""

    def __init__(self, vals: np.ndarray) -> None:
        self.low, self.high = int(vals.min()), int(vals.max())
        if self.high - self.low < DENSE_SPAN:
            self.prime = 0
            self.table = np.zeros(self.high - self.low + 1, dtype=np.bool_)
            self.table[vals - self.low] = True
        else:
            self.prime = _random_prime(FILTER_BITS)
            self.table = np.zeros(self.prime, dtype=np.bool_)
            self.table[vals % self.prime] = True
            self.sorted = np.sort(vals)

    def inside(self, z: np.ndarray) -> np.ndarray:
        """Membership of values that all lie in min A..max A."""
        if not self.prime:
            return self.table[z - self.low]
        hit = self.table[z % self.prime]
        idx = np.flatnonzero(hit)
        if len(idx):
            cand = z[idx]
            pos = np.minimum(np.searchsorted(self.sorted, cand), len(self.sorted) - 1)
            hit[idx] = self.sorted[pos] == cand
        return hit

    def test(self, z: np.ndarray) -> np.ndarray:
        """Membership of any int64 values."""
        inside = (z >= self.low) & (z <= self.high)
        return inside & self.inside(np.where(inside, z, self.low))


def _reduced(a: int, b: int) -> tuple[int, int, int]:
    g = math.gcd(a, b)
    return a // g, b // g, (a + b) // g


def _index_of(vals: np.ndarray, value: int) -> int:
    at = np.flatnonzero(vals == value)
    if len(at) != 1:
        raise RuntimeError("lineq self-check failed: a solution element is not in the set exactly once")
    return int(at[0])


class _ClassPairs:
    """The class-pair scan: the elements sorted by (x mod s, x), and the unordered same-class pairs."""

    def __init__(self, vals: np.ndarray, a1: int, b1: int, n: int):
        self.a1, self.b1, self.s = a1, b1, a1 + b1
        residue = vals % self.s
        order = np.lexsort((vals, residue))                   # by (x mod s, x)
        self.cls, self.sv = residue[order], vals[order]
        self.later = _pairs.later_in_group(self.cls)
        self.pairs = _pairs.pair_count(self.later)

    def scan(self, member: _Member, budget: int | None = None) -> tuple[int, int, int] | None:
        """(x, y, z) of the first solution in the order (class, u, v) of the pairs u < v, for one pair
        x = u, y = v before x = v, y = u; or None. With a ``budget``, stop (None) after the chunk that
        reaches that many pairs."""
        a1, b1, s, sv = self.a1, self.b1, self.s, self.sv
        seen = 0
        for i, j in _pairs.pair_chunks(self.later, FIRST_CHUNK, PAIR_CHUNK):
            u, v = sv[i], sv[j]                                # u < v, u = v (mod s)
            z1 = (a1 * u + b1 * v) // s                        # exact: a'u + b'v = 0 (mod s); < 2 * 10^9
            z2 = (b1 * u + a1 * v) // s                        # u < z1, z2 < v: inside 1..n
            hit1 = member.inside(z1)
            hit2 = hit1 if a1 == b1 else member.inside(z2)     # a' = b': the two middles coincide
            hits = np.flatnonzero(hit1 | hit2)
            if len(hits):
                h = int(hits[0])
                uu, vv = int(u[h]), int(v[h])
                return (uu, vv, int(z1[h])) if hit1[h] else (vv, uu, int(z2[h]))
            seen += len(i)
            if budget is not None and seen >= budget:
                return None
        return None


def _product_bits(vals: np.ndarray, a1: int, b1: int) -> int:
    """Bits of the integers that ``representation_counts`` multiplies (both factors and the product)."""
    span = int(vals.max()) - int(vals.min())
    width = 8 if len(vals) < 1 << 8 else 16
    return 2 * width * ((a1 + b1) * span + 2)


def representation_counts(elements: tuple[int, ...] | np.ndarray, a: int, b: int, n: int) -> np.ndarray:
    """r(z) for each element z (in answer order): #{(x, y) in A^2 : a' x + b' y = s z}. Elements distinct.

    Kronecker substitution with FLINT integers: with m = min(A) and slots of w bits (8 if |A| < 2^8,
    else 16; |A| <= 20,000 < 2^16), F_c = sum_{x in A} 2^(w c (x - m)) for c = a', b'. The coefficient
    of X^k in P_a' P_b' counts the x in A with k - a' x in b' A, at most |A| < 2^w, so the base-2^w
    digits of F_a' F_b' are exactly these coefficients (no carries), and r(z) is digit s (z - m)."""
    import flint  # lazy: only needed when a set is actually checked

    a1, b1, s = _reduced(a, b)
    vals = np.asarray(elements, dtype=np.int64)
    low = int(vals.min())
    span = int(vals.max()) - low
    dtype = np.dtype("<u1") if len(vals) < 1 << 8 else np.dtype("<u2")

    def packed(c: int):
        slots = np.zeros(c * span + 1, dtype=dtype)
        slots[c * (vals - low)] = 1
        return flint.fmpz(int.from_bytes(slots.tobytes(), "little"))

    fa = packed(a1)
    prod = int(fa * fa) if a1 == b1 else int(fa * packed(b1))
    digits = np.frombuffer(prod.to_bytes((s * span + 1) * dtype.itemsize, "little"), dtype=dtype)
    if int(digits.sum(dtype=np.uint64)) != len(vals) ** 2:
        raise RuntimeError("lineq self-check failed: the representation counts do not add up to |A|^2")
    return digits[s * (vals - low)].astype(np.int64)


def _by_product(vals: np.ndarray, member: _Member, a: int, b: int, n: int) -> tuple[int, int, int] | None:
    """(x, y, z) with the first z in answer order that has r(z) >= 2 and the first x in answer order
    completing it; or None."""
    counts = representation_counts(vals, a, b, n)
    bad = np.flatnonzero(counts >= 2)
    if len(bad) == 0:
        if bool((counts != 1).any()):
            raise RuntimeError("lineq self-check failed: an element z has r(z) = 0 although (z, z) is a solution")
        return None
    a1, b1, s = _reduced(a, b)
    z = int(vals[int(bad[0])])
    num = s * z - a1 * vals                        # b' y for each candidate x
    ok = (num % b1 == 0) & (vals != z)
    y = np.where(ok, num // b1, 0)
    ok &= member.test(y)
    hits = np.flatnonzero(ok)
    if len(hits) == 0:
        raise RuntimeError("lineq self-check failed: r(z) >= 2 but no pair (x, y) was found")
    x = int(vals[int(hits[0])])
    return x, int(y[int(hits[0])]), z


def choose_method(pairs: int, product_bits: int) -> str:
    """Return "scan" when the class-pair scan is estimated cheaper than the product, else "product"."""
    return "scan" if pairs * PAIR_SECONDS <= product_bits * PRODUCT_BIT_SECONDS else "product"


def probe_budget(product_bits: int) -> int:
    """Pairs the probe scan may examine before a product: 1/PROBE_SHARE of the product's estimated
    cost, at least one first chunk."""
    return max(FIRST_CHUNK, int(product_bits * PRODUCT_BIT_SECONDS / PAIR_SECONDS) // PROBE_SHARE)


def find_solution(elements: tuple[int, ...], a: int, b: int, n: int,
                  method: str | None = None) -> tuple[int, int, int] | None:
    """Answer indices (i, j, k) of x, y, z with a x + b y = (a + b) z and x != y, or None. Elements distinct.

    By default (``method`` None) the method is chosen by the cost model, and a product is preceded by
    the probe scan. ``method`` "scan" or "product" forces that method alone (for tests)."""
    vals = np.fromiter(elements, dtype=np.int64, count=len(elements))
    return _find(vals, a, b, n, method)


def _find(vals: np.ndarray, a: int, b: int, n: int, method: str | None = None) -> tuple[int, int, int] | None:
    a1, b1, s = _reduced(a, b)
    member = _Member(vals)
    scan = _ClassPairs(vals, a1, b1, n)
    bits = _product_bits(vals, a1, b1)
    product_ok = s * (int(vals.max()) - int(vals.min())) <= PRODUCT_MAX_SLOTS
    if method == "product" and not product_ok:
        raise ValueError(f"the product would have more than {PRODUCT_MAX_SLOTS:,} slots")
    if method is None:
        if not product_ok or choose_method(scan.pairs, bits) == "scan":
            hit = scan.scan(member)
        else:
            hit = scan.scan(member, budget=probe_budget(bits))
            if hit is None:
                hit = _by_product(vals, member, a, b, n)
    elif method == "scan":
        hit = scan.scan(member)
    elif method == "product":
        hit = _by_product(vals, member, a, b, n)
    else:
        raise ValueError(f"unknown lineq method {method!r}")
    if hit is None:
        return None
    x, y, z = hit
    return _index_of(vals, x), _index_of(vals, y), _index_of(vals, z)


def check(parsed: schema.LineqAnswer) -> Verdict:
    a, b, n, elements = parsed.a, parsed.b, parsed.n, parsed.elements
    vals = np.fromiter(elements, dtype=np.int64, count=len(elements))     # validated: 1 <= x <= n <= 10^6
    dup = first_duplicate(vals)
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"{elements[i]} occurs at indices {i} and {j}",
                      {"value": elements[i], "indices": [i, j]})
    hit = _find(vals, a, b, n)
    if hit is not None:
        i, j, k = hit
        x, y, z = elements[i], elements[j], elements[k]
        return reject("PROPERTY_VIOLATION",
                      f"non-trivial solution {a}*{x} + {b}*{y} = {a + b}*{z} (indices {i}, {j}, {k})",
                      {"solution": [x, y, z], "indices": [i, j, k]})
    return accept(len(elements), f"set of {len(elements)} integers in 1..{n} free of {a}x + {b}y = {a + b}z")


def confirm(parsed: schema.LineqAnswer, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real duplicate or non-trivial solution?"""
    elements = parsed.elements
    if w.kind == "duplicate":
        return confirm_duplicate(elements, w.indices, "values")
    x, y, z = (elements[t] for t in w.indices)
    a, b = parsed.a, parsed.b
    ok = a * x + b * y == (a + b) * z and not (x == y == z)
    return ok, "solution confirmed" if ok else "the indexed elements do not solve the equation non-trivially"
