"""Primary check of the ``shannon`` family (zero-error codes for the odd cycle C_q; maximise the size).

A code is a set of words of length d over 0..q-1 in which any two distinct words x, y have a coordinate
with cyclic distance min(|x_c - y_c|, q - |x_c - y_c|) >= 2 (an independent set of the strong power
C_q^{boxtimes d}). Two distinct words are *confusable* when every coordinate differs by 0 or +-1 mod q.

What is checked (shared parse ``endless_exam.certificates.schemas.shannon``):
* lists (literal or the expanded ``product``): distinct words, and no confusable pair. The pair search
  is vectorised with numpy: for each word, the later words are filtered coordinate block by coordinate
  block (the residue (y_c - x_c) mod q must be 0, 1 or q - 1), most discriminating coordinates first,
  until no candidate is left; a survivor of all coordinates is a confusable pair. Exact small-integer
  arithmetic.
* ``factors``: each factor C_i is checked the same way as a code in C_q^{L_i}; the code described is
  the product C_1^{r_1} x ... and its size prod |C_i|^{r_i} is an exact Python integer. Why this
  suffices: two distinct words of the product differ in some block, where their parts are distinct
  words of one factor, which have a coordinate at cyclic distance >= 2. (Conversely a bad factor gives a
  confusable pair of the product, so the certificate is rejected exactly when the product is not a code,
  up to duplicates inside a factor, which are rejected as duplicates.)

The bound (``SPEC.bound``). Lovasz: alpha(C_q^{boxtimes d}) <= theta(C_q)^d with theta(C_q) = q cos(pi/q) /
(1 + cos(pi/q)). The benchmark records floor((q c/(1+c))^d) with a 15-digit rational c >= cos(pi/q)
(``UPSTREAM_COSINES``); the map c -> q c/(1 + c) is increasing, so that value is an upper bound as well,
and ``SPEC.bound`` returns it (exactly, with ``Fraction``) after checking c >= cos(pi/q) rigorously with
python-flint ``arb`` ball arithmetic. ``theta_bound(q, d)`` gives the sharper floor(theta(C_q)^d),
computed with ``arb`` at increasing precision until the floor of the enclosure is certain.

Libraries: numpy (pair search, duplicates) for every verdict; python-flint (``arb`` enclosures) only for
the bound, imported lazily (a verifier process never loads it). Exact integers decide every verdict.
"""
from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

import numpy as np

from endless_exam.certificates.schemas import shannon as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from ._duplicates import first_repeat
from .spec import FamilySpec

LIBRARIES = ("numpy",)         # python-flint (arb) is imported lazily by the bound only, never by a check
UPSTREAM_COSINES = {5: "0.809016994374948", 7: "0.900968867902420", 9: "0.939692620785909"}
BLOCK = 8                  # coordinates per filtering step


# ---- the bound ---------------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def upstream_cosine_is_an_upper_bound(q: int) -> bool:
    """Is the benchmark's 15-digit cosine at least cos(pi/q)? (arb ball arithmetic, 200 bits)"""
    from flint import arb, ctx

    old = ctx.prec
    ctx.prec = 200
    try:
        c = Fraction(UPSTREAM_COSINES[q])
        gap = arb(c.numerator) / arb(c.denominator) - (arb.pi() / q).cos()
        return bool(gap > 0)
    finally:
        ctx.prec = old


def upstream_bound(q: int, d: int) -> int:
    """floor((q c/(1 + c))^d) for the benchmark's rational c (exact)."""
    c = Fraction(UPSTREAM_COSINES[q])
    value = (q * c / (1 + c)) ** d
    return value.numerator // value.denominator


def theta_bound(q: int, d: int) -> int:
    """floor(theta(C_q)^d), theta(C_q) = q cos(pi/q)/(1 + cos(pi/q)), certified with arb for q = 7, 9: the
    precision is raised until the enclosure's floor is one integer (an error if it never is); q = 5 exactly."""
    if q == 5:
        # cos(pi/5) = (1 + sqrt 5)/4 gives theta(C_5) = sqrt 5 exactly, so theta^d = sqrt(5^d): its floor is the
        # integer square root (an enclosure cannot certify the floor of the integers 5^(d/2))
        from math import isqrt
        return isqrt(5 ** d)
    from flint import arb, ctx

    old = ctx.prec
    try:
        prec = 128
        while prec <= 1 << 16:
            ctx.prec = prec
            c = (arb.pi() / q).cos()
            power = (q * c / (1 + c)) ** d
            lo, hi = power.lower().floor(), power.upper().floor()
            if lo == hi:
                return int(lo.unique_fmpz())
            prec *= 2
        raise RuntimeError("theta bound: the enclosure did not separate an integer")
    finally:
        ctx.prec = old


def _bound(p: dict):
    q, d = p["q"], p["d"]
    if not upstream_cosine_is_an_upper_bound(q):
        raise RuntimeError(f"the benchmark's cosine for q = {q} is below cos(pi/q): not a bound")
    return upstream_bound(q, d), "bound"


SPEC = FamilySpec(key="shannon", bound=_bound)


# ---- the check -----------------------------------------------------------------------------------------

def _digits(words: tuple[str, ...]) -> np.ndarray:
    length = len(words[0])
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8)
    return (raw.reshape(len(words), length) - ord("0")).astype(np.int16)


def find_confusable(words: tuple[str, ...], q: int) -> tuple[int, int] | None:
    """Positions i < j of two (distinct, as the caller guarantees) confusable words, or None."""
    if len(words) < 2:
        return None
    d = _digits(words)
    n, length = d.shape
    counts = np.stack([(d == v).sum(axis=0) for v in range(q)])
    order = np.argsort(counts.max(axis=0), kind="stable")          # most uniform coordinates first
    d = d[:, order]
    blocks = [(s, min(length, s + BLOCK)) for s in range(0, length, BLOCK)]
    for i in range(n - 1):
        cand = np.arange(i + 1, n)
        for lo, hi in blocks:
            res = (d[cand, lo:hi] - d[i, lo:hi]) % q
            near = ((res <= 1) | (res == q - 1)).all(axis=1)
            cand = cand[near]
            if len(cand) == 0:
                break
        if len(cand):
            return i, int(cand[0])
    return None


def confusable(x: str, y: str, q: int) -> bool:
    return x != y and all((int(a) - int(b)) % q in (0, 1, q - 1) for a, b in zip(x, y))


def _check_words(parsed: schema.ShannonWords) -> Verdict:
    words, q = parsed.words, parsed.q
    dup = first_repeat(words)
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"word {words[i]} occurs at positions {i} and {j}", {"word": words[i], "indices": [i, j]})
    pair = find_confusable(words, q)
    if pair is not None:
        i, j = pair
        if not confusable(words[i], words[j], q):
            raise RuntimeError("shannon self-check failed: the reported pair is not confusable")
        return reject("PROPERTY_VIOLATION", f"words {words[i]} and {words[j]} (positions {i}, {j}) differ by at most 1 "
                      "(mod q) in every coordinate", {"words": [words[i], words[j]], "indices": [i, j]})
    form = "expanded product" if parsed.form == "product" else "list"
    return accept(len(words), f"zero-error code of {len(words):,} words in C_{q}^{parsed.d} ({form})")


def _check_factors(parsed: schema.ShannonFactors) -> Verdict:
    q = parsed.q
    size = 1
    checked: set[tuple[str, ...]] = set()          # a factor repeated in the list is checked once
    for f, factor in enumerate(parsed.factors):
        words = factor.words
        if words in checked:
            size *= len(words) ** factor.power
            continue
        checked.add(words)
        dup = first_repeat(words)
        if dup is not None:
            return reject("DUPLICATE", f"factor {f} lists {words[dup[0]]} at positions {dup[0]} and {dup[1]}",
                          {"factor": f, "positions": list(dup)})
        pair = find_confusable(words, q)
        if pair is not None:
            i, j = pair
            if not confusable(words[i], words[j], q):
                raise RuntimeError("shannon self-check failed: the reported pair is not confusable")
            return reject("PROPERTY_VIOLATION", f"factor {f}: words {words[i]} and {words[j]} (positions {i}, {j}) are "
                          "confusable", {"factor": f, "pair": [i, j]})
        size *= len(words) ** factor.power
    desc = " x ".join(f"{len(f.words)}^{f.power}" if f.power > 1 else str(len(f.words)) for f in parsed.factors)
    return accept(size, f"product of {len(parsed.factors)} factor codes ({desc}) in C_{q}^{parsed.d}")


def check(parsed) -> Verdict:
    if isinstance(parsed, schema.ShannonWords):
        return _check_words(parsed)
    if isinstance(parsed, schema.ShannonFactors):
        return _check_factors(parsed)
    raise TypeError(f"unexpected parsed answer {type(parsed).__name__}")


def confirm(parsed, w: Witness) -> tuple[bool, str]:
    q = parsed.q
    if w.kind in ("duplicate", "confusable"):
        x, y = (parsed.words[t] for t in w.indices)
        if w.kind == "duplicate":
            return x == y, "duplicate confirmed" if x == y else "the two words differ"
        ok = confusable(x, y, q)
        return ok, "confusable pair confirmed" if ok else "the two words are not confusable"
    if not isinstance(parsed, schema.ShannonFactors):
        return False, "a factor witness applies to a factors certificate"
    f = w["factor"]
    if not 0 <= f < len(parsed.factors):
        return False, f"there is no factor {f}"
    words = parsed.factors[f].words
    i, j = w["positions"] if w.kind == "factor_duplicate" else w["pair"]
    if not (0 <= i < len(words) and 0 <= j < len(words)) or i == j:
        return False, "the positions are not two distinct words of the factor"
    if w.kind == "factor_duplicate":
        return words[i] == words[j], "duplicate confirmed" if words[i] == words[j] else "the words differ"
    ok = confusable(words[i], words[j], q)
    return ok, "confusable pair confirmed" if ok else "the two words are not confusable"
