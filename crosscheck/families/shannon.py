"""Second check of the ``shannon`` family (independent of ``endless_exam.checker.families.shannon``).

Checked: the words (a list, an expanded product, or every factor of a ``factors`` certificate, which this
module re-parses in its own code by ``reparse``) are distinct, and no two of them are confusable
(every coordinate at cyclic distance <= 1 mod q). A product of codes is a code (two distinct product
words differ inside one block, where their parts are distinct words of one factor), so a certificate is
valid iff every factor is; its size is prod |C_i|^{r_i}, an exact Python integer.

Path: plain Python integers as bit sets over the word positions, a different algorithm from the
primary's pairwise filtering. For every coordinate c and digit v, N_c(v) is the set of words whose
digit at c is v - 1, v or v + 1 (mod q); the words confusable with w are exactly the intersection over
c of N_c(w_c), without w itself. Each word intersects these sets (only later words are kept) until
nothing is left; a non-empty result after the last coordinate names a confusable pair.

The bound enclosure (``theta_bound``, used by the tests to check the primary's arb value): cos(pi/q) is
the largest root of the Chebyshev polynomial U_{q-1} (whose roots are cos(k pi/q), k = 1..q-1, all
simple); sympy (python ground types) isolates it in a rational interval [s, t], refined until the
rational enclosure [f(s)^d, f(t)^d] of theta^d, f(c) = q c/(1 + c) increasing, has a single integer floor.
For q = 5, theta(C_5) = sqrt 5 and the floor is an integer square root.

Libraries: plain Python for every verdict (declared: none); sympy only inside ``theta_bound`` and
``cosine_upper_bound_holds``, imported lazily. z3 is the formal oracle
(``endless_exam.crosscheck.oracle.shannon``).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from endless_exam.certificates.errors import AnswerError, describe
from endless_exam.certificates.schemas import shannon as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

LIBRARIES: tuple[str, ...] = ()


# ---- re-parse of the factors certificate ---------------------------------------------------------------

@dataclass(frozen=True)
class Factors:
    q: int
    d: int
    parts: tuple[tuple[tuple[str, ...], int], ...]      # (words, power)


def _bad(reason: str, text: str):
    raise AnswerError(reason, f"(second verifier re-parse) {text}")


def reparse(answer: Any, params: dict, parsed: Any) -> Any:
    if isinstance(parsed, schema.ShannonWords):
        return parsed
    q, d = params["q"], params["d"]
    if type(answer) is not dict or list(answer) != ["factors"] or type(answer["factors"]) is not list:
        _bad("FORMAT_SHAPE", "not a factors object")
    items = answer["factors"]
    if not 1 <= len(items) <= schema.MAX_FACTORS:
        _bad("SIZE_LIMIT", "factor count")
    digits = {str(v) for v in range(q)}
    parts, total, dim = [], 0, 0
    for item in items:
        if type(item) is not dict or not (set(item) == {"words"} or set(item) == {"words", "power"}):
            _bad("FORMAT_SHAPE", "factor keys")
        power = item.get("power", 1)
        if type(power) is not int or not 1 <= power <= schema.MAX_POWER:
            _bad("RANGE", f"power {describe(power)}")
        words = item["words"]
        if type(words) is not list or not 1 <= len(words) <= schema.MAX_FACTOR_WORDS:
            _bad("SIZE_LIMIT", "factor size")
        total += len(words)
        if total > schema.MAX_TOTAL_WORDS:
            _bad("SIZE_LIMIT", "total words")
        length = len(words[0]) if type(words[0]) is str else -1
        for w in words:
            if type(w) is not str or len(w) != length or length < 1 or not set(w) <= digits:
                _bad("FORMAT_SHAPE", f"factor word {describe(w)}")
        dim += length * power
        parts.append((tuple(words), power))
    if dim != d:
        _bad("FORMAT_SHAPE", f"dimension {dim} != {d}")
    return Factors(q, d, tuple(parts))


# ---- the check -----------------------------------------------------------------------------------------

def _duplicate(words: tuple[str, ...]) -> tuple[int, int] | None:
    first: dict[str, int] = {}
    for j, w in enumerate(words):
        if w in first:
            return first[w], j
        first[w] = j
    return None


def confusable_pair(words: tuple[str, ...], q: int) -> tuple[int, int] | None:
    """Positions i < j of two confusable (distinct) words, or None."""
    count = len(words)
    if count < 2:
        return None
    length = len(words[0])
    classes = [[0] * q for _ in range(length)]
    for t, w in enumerate(words):
        bit = 1 << t
        for c, ch in enumerate(w):
            classes[c][ord(ch) - 48] |= bit
    near = [[cl[(v - 1) % q] | cl[v] | cl[(v + 1) % q] for v in range(q)] for cl in classes]
    everyone = (1 << count) - 1
    for t, w in enumerate(words):
        cand = everyone & ~((1 << (t + 1)) - 1)
        for c, ch in enumerate(w):
            cand &= near[c][ord(ch) - 48]
            if not cand:
                break
        if cand:
            return t, (cand & -cand).bit_length() - 1
    return None


def _close(x: str, y: str, q: int) -> bool:
    for a, b in zip(x, y):
        gap = abs(ord(a) - ord(b))
        if min(gap, q - gap) > 1:
            return False
    return x != y


def _code_fault(words: tuple[str, ...], q: int) -> tuple[str, tuple[int, int]] | None:
    dup = _duplicate(words)
    if dup is not None:
        return "DUPLICATE", dup
    pair = confusable_pair(words, q)
    if pair is not None:
        if not _close(words[pair[0]], words[pair[1]], q):
            raise RuntimeError("second shannon self-check failed: the bit-set search reported a pair that is not confusable")
        return "PROPERTY_VIOLATION", pair
    return None


def check(parsed) -> Verdict:
    if isinstance(parsed, schema.ShannonWords):
        words = parsed.words
        fault = _code_fault(words, parsed.q)
        if fault is None:
            return accept(len(words), f"{len(words)} words, no confusable pair")
        reason, (i, j) = fault
        if reason == "DUPLICATE":
            return reject(reason, f"{words[i]} is listed at {i} and {j}", {"word": words[i], "indices": [i, j]})
        return reject(reason, f"{words[i]} and {words[j]} are confusable", {"words": [words[i], words[j]], "indices": [i, j]})
    if isinstance(parsed, Factors):
        size = 1
        for f, (words, power) in enumerate(parsed.parts):
            fault = _code_fault(words, parsed.q)
            if fault is not None:
                reason, (i, j) = fault
                if reason == "DUPLICATE":
                    return reject(reason, f"factor {f} lists {words[i]} twice", {"factor": f, "positions": [i, j]})
                return reject(reason, f"factor {f}: {words[i]} and {words[j]} are confusable", {"factor": f, "pair": [i, j]})
            size *= len(words) ** power
        return accept(size, f"product of {len(parsed.parts)} factor codes")
    raise TypeError(f"the second shannon verifier got {type(parsed).__name__}")


def confirm(parsed, w: Witness) -> tuple[bool, str]:
    q = parsed.q
    if w.kind in ("duplicate", "confusable"):
        x, y = parsed.words[w.indices[0]], parsed.words[w.indices[1]]
        if w.kind == "duplicate":
            return x == y, "same word" if x == y else "different words"
        return _close(x, y, q), "confusable" if _close(x, y, q) else "not confusable"
    if not isinstance(parsed, Factors):
        return False, "factor witness without a factors certificate"
    f = w["factor"]
    if not 0 <= f < len(parsed.parts):
        return False, "no such factor"
    words = parsed.parts[f][0]
    i, j = w["positions"] if w.kind == "factor_duplicate" else w["pair"]
    if i == j or not (0 <= i < len(words) and 0 <= j < len(words)):
        return False, "bad positions"
    if w.kind == "factor_duplicate":
        return words[i] == words[j], "same word" if words[i] == words[j] else "different words"
    return _close(words[i], words[j], q), "confusable" if _close(words[i], words[j], q) else "not confusable"


# ---- the bound, independently --------------------------------------------------------------------------

def _cosine_interval(q: int, eps: Fraction) -> tuple[Fraction, Fraction]:
    """A rational interval [s, t] of width <= eps containing cos(pi/q) (sympy, python ground types)."""
    from sympy import Rational, chebyshevu_poly, symbols

    x = symbols("x")
    poly = chebyshevu_poly(q - 1, x, polys=True)
    s, t = max(poly.intervals())[0]                   # the largest real root: cos(pi/q)
    s, t = poly.refine_root(s, t, eps=Rational(eps.numerator, eps.denominator))
    return Fraction(int(s.p), int(s.q)), Fraction(int(t.p), int(t.q))


def theta_bound(q: int, d: int) -> int:
    """floor(theta(C_q)^d) from a rational enclosure (q = 7, 9) or exactly (q = 5)."""
    if q == 5:
        value = 5 ** d                                # theta(C_5)^2 = 5: floor(sqrt(5^d)) by Newton's method
        root = 1 << ((value.bit_length() + 1) // 2)
        while root * root > value:
            root = (root + value // root) // 2
        return root
    eps = Fraction(1, 10 ** 30)
    for _ in range(12):
        s, t = _cosine_interval(q, eps)
        lo, hi = (q * s / (1 + s)) ** d, (q * t / (1 + t)) ** d
        if lo.numerator // lo.denominator == hi.numerator // hi.denominator:
            return lo.numerator // lo.denominator
        eps /= 10 ** 20
    raise RuntimeError("theta enclosure did not separate an integer")


def cosine_upper_bound_holds(q: int, c: Fraction) -> bool:
    """Is c > cos(pi/q)? (c strictly above the right end of a tight isolating interval)"""
    s, t = _cosine_interval(q, Fraction(1, 10 ** 40))
    if c > t:
        return True
    if c < s:
        return False
    raise RuntimeError("c is within 10^-40 of cos(pi/q): refine further")
