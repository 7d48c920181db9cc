"""Primary check of the ``lineq`` family.

What is checked: the answer (shared schema ``endless_exam.certificates.schemas.lineq``: a list of integers in 1..n, or
``{"digits": SPEC}``) is a set A of distinct integers with no solution of a x + b y = (a + b) z,
x, y, z in A, other than x = y = z.

Why the check is sufficient. Let g = gcd(a, b), a' = a/g, b' = b/g, s = a' + b'; the equation is
a' x + b' y = s z. If x = y then s z = s x, so z = x: the only solutions with x = y are trivial, and
a non-trivial solution has x != y, hence z (a weighted mean of x and y with positive weights) lies
strictly between them. For z in A let r(z) = #{(x, y) in A^2 : a' x + b' y = s z}; the pair (z, z)
is always counted, so A is solution-free iff r(z) = 1 for every z in A. r(z) is the coefficient of
X^(s z) in P_a'(X) P_b'(X), where P_c(X) = sum_{x in A} X^(c x).

Algorithm (exact): the two 0/1 polynomials of degree <= a' n and b' n are multiplied with
python-flint ``fmpz_poly`` (exact integer coefficients; (a + b) n <= 10^7 by the parameter schema),
and the coefficients at s z, z in A, are read. For the first z in answer order with r(z) >= 2, the
pair is found by one numpy scan of x in A (y = (s z - a' x) / b' must be an integer in A, x != z);
if the scan finds none that is a self-check failure (an internal error, never a verdict).
Duplicates are found by a stable sort of the values.

Libraries: python-flint: the exact fmpz_poly products that count solutions; numpy: indicator arrays and witness search.
"""
from __future__ import annotations

import math

import numpy as np

from endless_exam.certificates.schemas import lineq as schema
from endless_exam.certificates.forms import digits
from endless_exam.certificates.witness import Witness
from endless_exam.certificates.verdict import Verdict, accept, reject

from .spec import FamilySpec

LIBRARIES = ("numpy", "python-flint")   # distributions this verifier's process loads for the family
PRELOAD = ("flint",)   # imported lazily by the check; the zygote imports it once


def _statement(p: dict) -> str:
    a, b, n = p["a"], p["b"], p["n"]
    return (f"Find a set A of integers from {{1, 2, ..., {n}}} that is as large as possible and contains no "
            f"solution of {a}*x + {b}*y = {a + b}*z with x, y, z in A other than the trivial ones x = y = z "
            f"(x, y, z need not be distinct otherwise; a solution with x = y forces z = x). "
            f"The objective is the number of elements (maximise).")


def _format(p: dict) -> str:
    return f"a JSON list of distinct integers between 1 and {p['n']} (in any order; increasing order is customary)"


def _compact(p: dict) -> list[str]:
    return [("Compact form: X may instead be {\"digits\": SPEC} (exactly that key) where SPEC is a digit spec; "
             f"its integers that lie in 1..{p['n']} form the set (sorted, each once), which is checked as a list."),
            digits.GRAMMAR + (" Example: {\"digits\": {\"base\": 10, \"allowed\": [1, 2, 3], \"length\": 2, "
                              "\"sum_squares\": 10, \"offset\": 0}} stands for the integers 13 and 31 (the two-digit "
                              "numbers with digits in {1, 2, 3} whose digit squares add up to 10).")]


def _limits(p: dict) -> list[str]:
    return [f"At most {schema.MAX_ELEMENTS:,} elements are accepted (in a list, or left from a digit spec after "
            f"keeping those in 1..{p['n']}).",
            *digits.limit_sentences(),
            f"Instances have 1 <= a, b <= {schema.MAX_COEF}, n <= {schema.MAX_N:,} and (a + b) n <= {schema.MAX_SPAN:,}.",
            "Verification has 60 seconds per verifier."]


def _bound(p: dict):
    return p["n"], "trivial"


SPEC = FamilySpec(key="lineq", statement=_statement, answer_format=_format, compact_forms=_compact,
                  limits=_limits, bound=_bound)


def _first_duplicate(values: np.ndarray) -> tuple[int, int] | None:
    order = np.argsort(values, kind="stable")
    sv = values[order]
    same = np.nonzero(sv[1:] == sv[:-1])[0]
    if len(same) == 0:
        return None
    seconds = order[same + 1]
    t = int(np.argmin(seconds))
    return int(order[same[t]]), int(seconds[t])


def representation_counts(elements: tuple[int, ...], a: int, b: int, n: int) -> list[int]:
    """r(z) for each element z (in answer order): #{(x, y) in A^2 : a' x + b' y = s z}. Elements distinct."""
    import flint  # lazy: only needed when a set is actually checked

    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    s = a1 + b1
    pa = [0] * (a1 * n + 1)
    pb = [0] * (b1 * n + 1)
    for x in elements:
        pa[a1 * x] = 1
        pb[b1 * x] = 1
    prod = flint.fmpz_poly(pa) * flint.fmpz_poly(pb)
    return [int(prod[s * z]) for z in elements]


def find_solution(elements: tuple[int, ...], a: int, b: int, n: int) -> tuple[int, int, int] | None:
    """Answer indices (i, j, k) of x, y, z with a x + b y = (a + b) z and x != y, or None. Elements distinct."""
    counts = representation_counts(elements, a, b, n)
    bad = next((k for k, c in enumerate(counts) if c >= 2), None)
    if bad is None:
        if any(c != 1 for c in counts):
            raise RuntimeError("lineq self-check failed: an element z has r(z) = 0 although (z, z) is a solution")
        return None
    g = math.gcd(a, b)
    a1, b1 = a // g, b // g
    s = a1 + b1
    z = elements[bad]
    vals = np.array(elements, dtype=np.int64)
    where = np.full(n + 1, -1, dtype=np.int64)
    where[vals] = np.arange(len(vals), dtype=np.int64)
    num = s * z - a1 * vals                        # b' y for each candidate x
    ok = (num % b1 == 0) & (vals != z)
    y = np.where(ok, num // b1, 0)
    ok &= (y >= 1) & (y <= n)
    ok &= where[np.clip(y, 0, n)] >= 0
    hits = np.flatnonzero(ok)
    if len(hits) == 0:
        raise RuntimeError("lineq self-check failed: r(z) >= 2 but no pair (x, y) was found")
    i = int(hits[0])
    j = int(where[int(y[i])])
    return i, j, bad


def check(parsed: schema.LineqAnswer) -> Verdict:
    a, b, n, elements = parsed.a, parsed.b, parsed.n, parsed.elements
    dup = _first_duplicate(np.array(elements, dtype=np.int64))
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"{elements[i]} occurs at indices {i} and {j}",
                      {"value": elements[i], "indices": [i, j]})
    hit = find_solution(elements, a, b, n)
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
        i, j = w.indices
        ok = elements[i] == elements[j]
        return ok, "duplicate confirmed" if ok else "the two indexed values differ"
    x, y, z = (elements[t] for t in w.indices)
    a, b = parsed.a, parsed.b
    ok = a * x + b * y == (a + b) * z and not (x == y == z)
    return ok, "solution confirmed" if ok else "the indexed elements do not solve the equation non-trivially"
