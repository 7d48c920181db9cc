"""Primary check of the ``trifference`` family (m-trifferent ternary codes; maximise the number of words).

A code is *m-trifferent* when every three distinct words have at least m coordinates where they are
0, 1, 2 in some order ("separating" coordinates). The forms are parsed by the shared schema
``endless_exam.certificates.schemas.trifference`` (legacy ``linear`` spans are expanded there).

What is checked, and why it suffices.

* Lists (literal, or an expanded ``linear`` span): distinct words (a duplicate is reported with its
  two positions), then
  - if the list is an *affine subspace* x0 + L (its size is 3^r and the differences w - x0 have rank r,
    so the words are exactly x0 + L): translation preserves separation, so the triples are those of L
    and, translated once more, the triples {0, a, b} of L. For m <= 3 L is decided by the hyperplane
    criterion below (with its witness translated back to three list positions); for m >= 4 by the pair
    criterion: for all non-zero a != b in L, #{i : a_i != 0, b_i != 0, a_i != b_i} >= m, read off the
    codeword weights by difference and sum word (``_affine.sum_violation``; the second verifier reads
    the same identity row by row, with weights computed in plain Python).
  - otherwise, on the shared admission's core path (``_trifference_admission``: a core of rank <= 8 with
    more than two thirds of it listed, named by origin and basis words), by that affine core and its few
    extra words (below); this always decides, and not deciding is a self-check failure;
  - otherwise (the admission's scan path, C(N, 3) ceil(u / 64) <= ``SCAN_BUDGET``, re-checked here before
    the scan starts) every triple is examined by the bit-parallel scan of ``_triples`` (any m).

  Near-affine lists (the core-and-extras argument). ``_affine.find_cores`` proposes affine subspaces
  A = x0 + L (x0 a listed word, L of rank k <= 12 for m <= 3, k <= ``PAIR_RANK`` = 8 for m >= 4) such
  that at most e words of the list S lie outside A; X = S minus A is the set of extra words and e is the
  budget ``_extra_budget`` (at most N/3, and e N^2 / 2 <= ``EXTRA_PAIRS`` for N listed words: e = 27 at
  N = 6,561). Claim: every triple of S is covered by one of the two arguments below, so the verdict is
  exact whatever core is proposed. Proof: a triple of S either has all three words in S n A, or has a
  word in X. (a) If L is m-trifferent (hyperplane criterion for m <= 3, pair criterion for m >= 4, both
  proved here), then so is A, since t(x0 + a, x0 + b, x0 + c) = t(a, b, c) (translation permutes the
  symbols of each coordinate), and so is every subset of A, in particular S n A. (b) Every triple with a
  word in X is counted exactly by ``_affine.extra_violation``. If instead L fails, the criterion's
  witness is a pair a, b in L with t(0, a, b) < m, so x, x + a, x + b fails for every x in A; the list
  is rejected if some listed core word x has x + a and x + b listed (``_lift``), and otherwise nothing is
  concluded from this core: the next core is tried, then the full scan. A list whose first 2(R + e + 2)
  words already differ from the first by a space of rank > R + 1 + e (R the rank limit) has no core at
  all (``_core_possible``) and goes to the scan at once. Bound on the work: at most
  ``_affine.TRIES`` = 4 cores, each found with at most 12 eliminations of the N x n digits; per core one
  run of the criterion (the hyperplane engine for m <= 3, as for ``linear_code``; for m >= 4 the weight
  sums of ``_affine.sum_violation`` with e = x0, at most ``_affine.sum_work(8)`` = 2.15e7 table
  entries) and N dictionary look-ups; then the extras: for a core of rank k <= 8 (``_weights_path``:
  e sum_work(k) <= ``EXTRA_PAIRS``), per extra word e the triples with two core words are read off the
  weights of L and of the coset (x0 - e) + L (3 t(x, y, z) = d(x, y) + d(y, z) + d(x, z) - 2 wt(x + y + z),
  proved in ``_affine.sum_violation``), at most sum_work(k) entries whatever m and n, and the triples
  with a second extra word are counted on value masks (|X|^2 N / 2 pairs); for a core of rank 9..12
  (m <= 3 only) at most e N^2 / 2 <= 6e8 pairs, each counted on one 64-bit word of coordinates and,
  only when below m there, on all ceil(n / 64) words. A list that is a translate of a trifferent code
  with one word replaced (the edge case of issue 20) is decided in a second or two, and the near-affine
  lists of issue 31 (rank-8 codes of length 1,024 with 27 replaced words, m = 20 or 100) in about 1.5 s.
* Before the core search and the scan (non-affine lists with N^2 n <= 5e7), ``_triples.close_pair_violation``
  checks the triples through the N closest pairs of words (t(w, x, z) <= d(x, z)); it only ever
  reports a real failing triple, so it decides nothing when it finds none.
* ``linear_code``: the rank k over F_3 (python-flint ``nmod_mat``; k <= 12 or ``SIZE_LIMIT``), the
  minimum distance (a reduced row echelon basis has a codeword of weight < m, m <= 3, iff a row or two
  proportional rows show it, see ``_gf3.low_weight_combination``), and the hyperplane criterion.

  The hyperplane criterion (paper Appendix D.4). Let C have rank k and let z = uG (u != 0) be a
  codeword, Z(z) its zero coordinates. Claim: C is m-trifferent iff d(C) >= m and, for every non-zero
  z up to sign, the restriction C|Z(z) (generated by the columns of G inside the hyperplane u^perp)
  has dimension k - 1 and minimum distance >= m.
  Proof. Three distinct codewords translate to 0, a, b with a, b != 0, a != b. A coordinate separates
  0, a, b iff a_i, b_i are non-zero and different, i.e. (over F_3) a_i != 0 and a_i + b_i = 0. With
  z = a + b the number of separating coordinates is wt(a restricted to Z(z)). As (a, b) ranges over
  such pairs, (a, z) ranges over the pairs with a != 0 and z not in {a, -a}, i.e. a not in span(z).
  For z = 0 the condition is wt(a) >= m for every a != 0: d(C) >= m. For z != 0 it says that every a
  outside span(z) has wt(a|Z(z)) >= m. The restriction map C -> C|Z(z) kills span(z), so it says
  exactly: its kernel is span(z) (dimension k - 1 after restriction; a word outside span(z) never
  maps to 0 since m >= 1) and every non-zero restricted word has weight >= m. Conversely, if the
  restriction has dimension k - 1, its kernel is exactly span(z), every a outside span(z) maps to a
  non-zero word, and minimum distance >= m gives wt(a|Z(z)) >= m. z and -z have the same zero set,
  so the (3^k - 1)/2 projective directions suffice. []

  All directions are decided together by ``_gf3.HyperplaneEngine`` (numpy, bit-sliced); a failing
  direction gets its witness from python-flint: the restricted matrix either has a left kernel larger
  than span(u) (a word a vanishing on Z(z)) or, in reduced row echelon form with the message
  transformation carried along, a combination of weight < m. The witness is the direction z and
  the two codewords a, b = z - a; 0, a, b are three distinct codewords with fewer than m separating
  coordinates.
* ``rs_concat``: the field polynomial is irreducible over F_3 (degree >= 1 and python-flint
  ``fmpz_mod_poly_ctx(3)`` ``is_irreducible``; the coefficients are validated to 0..2 first), so the
  coefficient vectors form GF(3^r); the inner code passes this same check for (inner_n, inner_m) and
  has exactly q = 3^r words; and the parameter inequalities hold. Then the concatenated code is
  m-trifferent with q^K words. Proof: distinct polynomials f, g of degree < K differ in at least
  N - K + 1 of the N evaluation points, so the outer words (and, the inner map being injective, the
  concatenations) are distinct; for distinct f, g, h each difference has at most K - 1 roots, so at
  least N - 3(K - 1) positions carry three distinct field symbols, whose three distinct inner words
  have at least inner_m separating coordinates each: at least inner_m (N - 3K + 3) >= m in total; the
  zero padding adds nothing. The outer code is never expanded. A certificate that does not certify
  is ``CERTIFICATE_INVALID`` with a witness the second verifier re-checks: a monic factor of the field
  polynomial (from FLINT's factorisation), the inner code's own witness, or the inner code's size.

Libraries: python-flint (ranks, echelon forms, kernels, membership of witness words, irreducibility),
numpy (hyperplane engine, triple scan, pair criterion, core search and extra-word scan, duplicates). Exact integer arithmetic only.
"""
from __future__ import annotations

import numpy as np
from flint import fmpz_mod_poly_ctx

from endless_exam.certificates.schemas import _trifference_admission as admission
from endless_exam.certificates.schemas import trifference as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from . import _affine, _gf3, _triples
from ._duplicates import first_repeat
from .spec import FamilySpec

LIBRARIES = ("numpy", "python-flint")
SAMPLE_DIRECTIONS = 2048      # directions of the quick first pass of the hyperplane engine (rank >= 9)
PAIR_RANK = 8                 # largest core rank decided by the pair criterion (m >= 4): 3^16 / 2 pairs
EXTRA_PAIRS = 600_000_000     # pairs (u, v) the extra-word scan may meet, over all its extra words


# ---- the bound ---------------------------------------------------------------------------------------

def trivial_bound(n: int) -> int:
    """min(3^n, floor(2 * 3^n / 2^n)), the upper bound the benchmark records (docs/SPECIFICATION.md 3.16)."""
    return min(3 ** n, (2 * 3 ** n) // (2 ** n))


def _bound(p: dict):
    return trivial_bound(p["n"]), "bound"


SPEC = FamilySpec(key="trifference", bound=_bound)


# ---- helpers -----------------------------------------------------------------------------------------

def _rows(words) -> list[list[int]]:
    return [[ord(c) - 48 for c in w] for w in words]


def _text(vector) -> str:
    return "".join(str(int(x)) for x in vector)


def _add(a: list[int], b: list[int]) -> list[int]:
    return [(x + y) % 3 for x, y in zip(a, b)]


def _separating(a, b, c) -> int:
    return sum(1 for x, y, z in zip(a, b, c) if x != y and x != z and y != z)


# ---- linear codes: the hyperplane criterion with a witness -----------------------------------------------

def _direction_witness(basis: list[list[int]], n: int, m: int, u: tuple[int, ...]) -> tuple[list[int], list[int], list[int]]:
    """(z, a, b) for a failing direction u: z = uG and 0, a, b codewords with fewer than m separating
    coordinates (a outside span(z) with wt(a|Z(z)) < m, b = z - a)."""
    k = len(basis)
    z = _gf3.combine(list(u), basis)
    zeros = [j for j in range(n) if z[j] == 0]
    restricted = [[row[j] for j in zeros] for row in basis]
    kernel = _gf3.left_kernel(restricted, len(zeros))
    x = None
    for vec in kernel:                          # a kernel vector outside span(u)
        if _gf3.rank([list(u), vec], k) == 2:
            x = vec
            break
    if x is None:
        # rank k - 1: reduce [M | I] to find the message transformation of the echelon rows of M
        augmented = [restricted[i] + [int(i == j) for j in range(k)] for i in range(k)]
        r, reduced = _gf3.rref(augmented, len(zeros) + k)
        left = [row[:len(zeros)] for row in reduced if any(row[:len(zeros)])]
        messages = [row[len(zeros):] for row in reduced if any(row[:len(zeros)])]
        coeffs = _gf3.low_weight_combination(left, m)
        if coeffs is None:
            raise RuntimeError("trifference self-check failed: the engine reported a direction that passes")
        x = _gf3.combine(coeffs, messages)
    a = _gf3.combine(list(x), basis)
    b = [(p - q) % 3 for p, q in zip(z, a)]
    if not any(a) or not any(b) or a == b or _separating([0] * n, a, b) >= m:
        raise RuntimeError("trifference self-check failed: the direction witness is not a violation")
    return z, a, b


def linear_violation(basis: list[list[int]], n: int, m: int) -> tuple[list[int], list[int], list[int]] | None:
    """(z, a, b) with 0, a, b codewords of the code spanned by ``basis`` (independent rows) that have fewer
    than m separating coordinates, or None when the code is m-trifferent (m <= 3)."""
    coeffs = _gf3.low_weight_combination(basis, m)
    if coeffs is not None:                     # d(C) < m: the triple 0, a, -a
        a = _gf3.combine(coeffs, basis)
        return [0] * n, a, [(-x) % 3 for x in a]
    engine = _gf3.HyperplaneEngine(basis, m)
    stride = (3 ** len(basis) - 1) // 2 // SAMPLE_DIRECTIONS
    failures = engine.run(sample=stride) if stride > 1 else []      # a cheap first pass over a sample
    if not failures:
        failures = engine.run()
    if failures:
        return _direction_witness(basis, n, m, failures[0])
    return None


def _affine_basis(words: tuple[str, ...], n: int) -> list[list[int]] | None:
    """A basis of L when the words are exactly words[0] + L for a linear code L, else None: the size must
    be 3^r and the differences w - words[0] must span a space of rank r (then the 3^r distinct words all
    lie in words[0] + L, which has 3^r elements)."""
    size = len(words)
    r = 0
    while 3 ** r < size:
        r += 1
    if 3 ** r != size:
        return None
    digits = _triples.digits_of(words, n).astype(np.int16)
    chosen = _gf3.span_basis((digits - digits[0]) % 3, r)
    if chosen is None or len(chosen) != r:
        return None
    rank, basis = _gf3.rref(chosen, n)
    if rank != r:
        raise RuntimeError("trifference self-check failed: FLINT and the numpy elimination disagree on a rank")
    return basis


def _check_list(parsed: schema.WordList) -> Verdict:
    words, n, m = parsed.words, parsed.n, parsed.m
    dup = first_repeat(words)
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"word {words[i]} occurs at positions {i} and {j}",
                      {"word": words[i], "indices": [i, j]})
    if len(words) >= 3:
        basis = _affine_basis(words, n)
        triple = None
        if basis is not None:
            triple = _affine_violation(words, basis, n, m)
        else:
            triple = _triples.close_pair_violation(_triples.digits_of(words, n), m)
            decided = triple is not None
            if not decided and parsed.path == admission.CORE:
                decided, triple = _near_affine(words, n, m, parsed.core)
                if not decided:
                    raise RuntimeError("trifference self-check failed: the structured core named by the admission "
                                       "did not decide the list")
            if not decided:
                _check_scan_admitted(words, n, m)
                triple = _triples.find_bad_triple(words, n, m)
        if triple is not None:
            i, j, k = sorted(triple)
            t = _separating(words[i], words[j], words[k])
            return reject("PROPERTY_VIOLATION",
                          f"words {i}, {j}, {k} have only {t} separating coordinate{'s' if t != 1 else ''} (need {m})",
                          {"words": [words[i], words[j], words[k]], "indices": [i, j, k]})
    form = "span of the legacy linear rows" if parsed.form == "linear" else "list"
    return accept(len(words), f"{m}-trifferent code of {len(words):,} words of length {n} ({form})")


def _affine_violation(words, basis, n, m) -> tuple[int, int, int] | None:
    index = {w: t for t, w in enumerate(words)}
    origin = _rows([words[0]])[0]
    if m <= 3:
        found = linear_violation(basis, n, m)
        if found is None:
            return None
        _, a, b = found
        return 0, index[_text(_add(origin, a))], index[_text(_add(origin, b))]
    digits = _triples.digits_of(words, n)
    span = _affine.span_words(basis, n)
    weights = _affine.coset_weights(span, np.zeros(n, np.uint8))
    message = _messages(digits, 0, basis, span)
    position = np.empty(len(span), np.int64)
    position[message] = np.arange(len(words))
    pair = _affine.sum_violation(weights, weights, len(basis), m, lambda a, b: (a != 0) & (b != 0))
    return None if pair is None else (0, int(position[pair[0]]), int(position[pair[1]]))


def _messages(digits: np.ndarray, origin: int, basis: list[list[int]], span: np.ndarray,
              rows: np.ndarray | None = None) -> np.ndarray:
    """The message sigma (index into ``span``) of each word w of ``rows`` (default: all) with w - w_origin =
    sigma G, G the reduced row echelon ``basis``: digit j of sigma is the difference at the pivot of row j.
    Every word is compared with span[sigma] (a word outside the core is a self-check failure)."""
    rows = np.arange(len(digits)) if rows is None else rows
    diffs = ((digits[rows].astype(np.int16) - digits[origin]) % 3).astype(np.uint8)
    pivots = [int(np.flatnonzero(np.array(r))[0]) for r in basis]
    message = (diffs[:, pivots].astype(np.int64) * (3 ** np.arange(len(basis)))).sum(axis=1) if pivots \
        else np.zeros(len(rows), np.int64)
    if not np.array_equal(span[message], diffs):
        raise RuntimeError("trifference self-check failed: a core word is not in the span of the core basis")
    return message


def _extra_budget(size: int) -> int:
    """How many words outside the core the extra-word scan may take (``EXTRA_PAIRS`` pairs in all)."""
    return min(size // 3, EXTRA_PAIRS // max(1, size * size // 2))


def _lift(words, digits: np.ndarray, inside: np.ndarray, a: list[int], b: list[int]) -> tuple[int, int, int] | None:
    """Positions of x, x + a, x + b, all three in the list, for some listed x in the core."""
    index = {w: t for t, w in enumerate(words)}
    shift_a, shift_b = np.array(a, np.uint8), np.array(b, np.uint8)
    for t in np.flatnonzero(inside):
        u = index.get(_text((digits[t] + shift_a) % 3))
        if u is None:
            continue
        v = index.get(_text((digits[t] + shift_b) % 3))
        if v is not None:
            return int(t), u, v
    return None


def _check_scan_admitted(words: tuple[str, ...], n: int, m: int) -> None:
    """The triple scan runs only on lists its cost model admitted (``admission.scan_work``, the same model
    the shared parse refuses by, or fewer than m useful coordinates: the first triple fails): a list that
    reaches it otherwise is a self-check failure, never a scan."""
    digits = _triples.digits_of(words, n)
    useful = int(np.count_nonzero(np.all([(digits == s).any(axis=0) for s in range(3)], axis=0)))
    if admission.scan_work(len(words), useful) > admission.SCAN_BUDGET and useful >= m:
        raise RuntimeError("trifference self-check failed: a list over the scan's cost model reached the scan")


def _near_affine(words: tuple[str, ...], n: int, m: int,
                 lead: tuple[int, ...] = ()) -> tuple[bool, tuple[int, int, int] | None]:
    """(decided, violating triple or None) by the core-and-extras argument; (False, None) when no core with
    few enough extra words decides (none is found, or every core found fails its linear criterion with no
    failing triple inside the list): then the caller scans every triple. ``lead``: the core the admission
    named (origin, then basis words), visited first and alone (it always decides)."""
    digits = _triples.digits_of(words, n)
    max_rank, budget = (schema.MAX_RANK if m <= 3 else PAIR_RANK), _extra_budget(len(words))
    if not _core_possible(digits, max_rank, budget):
        return False, None
    for origin, chosen, inside in _affine.find_cores(digits, max_rank, budget, lead):
        diffs = [[int(x) for x in (digits[t].astype(np.int16) - digits[origin]) % 3] for t in chosen]
        k, basis = _gf3.rref(diffs, n) if diffs else (0, [])
        if k != len(chosen):
            raise RuntimeError("trifference self-check failed: FLINT and the numpy elimination disagree on a rank")
        bad = None
        if PAIR_RANK >= k >= 1:
            span = _affine.span_words(basis, n)
            weights = _affine.coset_weights(span, np.zeros(n, np.uint8))
            if m <= 3:
                found = linear_violation(basis, n, m)
                bad = None if found is None else found[1:]
            else:
                pair = _affine.sum_violation(weights, weights, k, m, lambda a, b: (a != 0) & (b != 0))
                bad = None if pair is None else (span[pair[0]].tolist(), span[pair[1]].tolist())
            if bad is None and _weights_path(int(np.count_nonzero(~inside)), k):
                inside_at = np.flatnonzero(inside)
                message = _messages(digits, origin, basis, span, inside_at)
                return True, _affine.extra_violation_by_weights(digits, origin, inside_at, message, span,
                                                                 weights, m)
            if bad is None:
                return True, _affine.extra_violation(digits, np.flatnonzero(~inside), m)
        else:
            if k:                                   # rank 9..12, m <= 3
                found = linear_violation(basis, n, m)
                bad = None if found is None else found[1:]
            if bad is None:
                return True, _affine.extra_violation(digits, np.flatnonzero(~inside), m)
        triple = _lift(words, digits, inside, *bad)
        if triple is not None:
            return True, triple
    return False, None


def _weights_path(extras: int, k: int) -> bool:
    """Are the triples through the extra words of a core of rank k decided from the weight tables? Its cost
    is at most ``_affine.sum_work(k)`` table entries per extra word, whatever m and n (the count on bit
    masks costs N^2 / 2 pairs per extra word, times ceil(n / 64) words for the pairs its 64-coordinate
    quick pass leaves, all of them when m > 64): the table path is taken when its whole cost fits
    ``EXTRA_PAIRS``, which every core of rank <= 8 with at most ``_extra_budget(6561)`` = 27 extra words does."""
    return 1 <= k <= PAIR_RANK and extras * _affine.sum_work(k) <= EXTRA_PAIRS


def _core_possible(digits: np.ndarray, max_rank: int, max_extra: int) -> bool:
    """False when no core of rank <= ``max_rank`` with at most ``max_extra`` words outside can exist, so the
    core search (seconds on thousands of long words) is skipped. Why: if S lies in (x0 + L) u X with
    rank L <= R and |X| <= e, then for any listed s, S - s lies in the span of L, x0 - s and X - s, of rank
    <= R + 1 + e; so a prefix of the list whose differences from its first word have a larger rank
    (python-flint) rules every core out. Skipping only sends the list to the full scan (exact as well)."""
    bound = max_rank + 1 + max_extra
    prefix = digits[:2 * (bound + 1)].astype(np.int16)
    if min(len(prefix) - 1, digits.shape[1]) <= bound:          # the rank cannot exceed the bound
        return True
    diffs = ((prefix[1:] - prefix[0]) % 3).tolist()
    return _gf3.rank(diffs, digits.shape[1]) <= bound


def _check_linear_code(parsed: schema.LinearCode) -> Verdict:
    n, m = parsed.n, parsed.m
    k, basis = _gf3.rref(_rows(parsed.rows), n)
    if k > schema.MAX_RANK:
        return reject("SIZE_LIMIT", f"the generator rows have rank {k} over F_3; at most {schema.MAX_RANK} is accepted")
    found = linear_violation(basis, n, m) if k >= 1 else None
    if found is not None:
        z, a, b = found
        t = _separating([0] * n, a, b)
        kind = "the minimum distance is below m" if not any(z) else "a hyperplane restriction fails"
        return reject("PROPERTY_VIOLATION",
                      f"{kind}: the codewords 0, a, b (b = z - a) have only {t} separating coordinates (need {m})",
                      {"direction": _text(z), "words": [_text(a), _text(b)]})
    return accept(3 ** k, f"linear {m}-trifferent code of rank {k} (3^{k} words) of length {n}")


def irreducible(field: tuple[int, ...]) -> bool:
    """Degree >= 1 and irreducible over F_3 (coefficients c_0..c_r, validated to 0..2)."""
    return _factor_of(field) is None and _poly(field).degree() >= 1


def _poly(coeffs):
    if any(type(c) is not int or not 0 <= c <= 2 for c in coeffs):
        raise ValueError("F_3 polynomial coefficients must be integers 0..2")
    return fmpz_mod_poly_ctx(3)(list(coeffs))


def _factor_of(field: tuple[int, ...]) -> list[int] | None:
    """A monic factor of degree 1..r-1 of the monic polynomial ``field`` (degree r >= 1), or None when it is
    irreducible. A polynomial of degree < 1 has no such factor and is not irreducible either."""
    poly = _poly(field)
    if poly.degree() < 1 or poly.is_irreducible():
        return None
    _, factors = poly.factor()
    coeffs = [int(c) for c in factors[0][0].coeffs()]
    if not 1 <= len(coeffs) - 1 < poly.degree() or coeffs[-1] != 1:
        raise RuntimeError("trifference self-check failed: FLINT returned an unexpected factor")
    return coeffs


def _code_size(code) -> int | None:
    """The number of distinct words of an inner code (for the inner_size witness)."""
    if isinstance(code, schema.WordList):
        return len(set(code.words))
    k, _ = _gf3.rref(_rows(code.rows), code.n)
    return 3 ** k


def _check_rs(parsed: schema.RSConcat) -> Verdict:
    r = parsed.degree
    q = 3 ** r
    if _poly(parsed.field).degree() != r:
        raise RuntimeError("trifference self-check failed: the parsed field polynomial is not monic of degree r")
    factor = _factor_of(parsed.field)
    if factor is not None:
        return reject("CERTIFICATE_INVALID", f"the field polynomial {list(parsed.field)} is reducible over F_3 (it has "
                      f"the factor {factor}), so it does not define GF(3^{r})", {"factor": factor})
    inner = check(parsed.inner)
    if not inner.valid:
        message = (f"the inner code is not an {parsed.inner_m}-trifferent code of length {parsed.inner_n}: "
                   f"{inner.reason}: {inner.message}")
        if inner.reason in ("DUPLICATE", "PROPERTY_VIOLATION"):
            return reject("CERTIFICATE_INVALID", message, {"inner": inner.witness})
        return reject(inner.reason, message, inner.witness)
    if inner.objective != q:
        return reject("CERTIFICATE_INVALID", f"the inner code has {inner.objective:,} words; the field GF(3^{r}) needs "
                      f"exactly {q:,}", {"inner_words": inner.objective})
    a, b, big_n, big_k = parsed.inner_n, parsed.inner_m, parsed.length, parsed.dimension
    if not (1 <= big_k <= big_n <= q and a * big_n <= parsed.n and b * (big_n - 3 * big_k + 3) >= parsed.m):
        raise RuntimeError("trifference self-check failed: the parsed rs_concat violates its inequalities")
    return accept(q ** big_k, f"Reed-Solomon concatenation: q = 3^{r}, N = {big_n}, K = {big_k}, inner code of length "
                  f"{a}; q^K = 3^{r * big_k} words of length {parsed.n}")


def check(parsed) -> Verdict:
    if isinstance(parsed, schema.WordList):
        return _check_list(parsed)
    if isinstance(parsed, schema.LinearCode):
        return _check_linear_code(parsed)
    if isinstance(parsed, schema.RSConcat):
        return _check_rs(parsed)
    raise TypeError(f"unexpected parsed answer {type(parsed).__name__}")


def confirm(parsed, w: Witness) -> tuple[bool, str]:
    """Is the other verifier's witness a real duplicate or violation? (syntax already checked)"""
    if w.kind == "duplicate":
        i, j = w.indices
        ok = parsed.words[i] == parsed.words[j]
        return ok, "duplicate confirmed" if ok else "the two indexed words differ"
    if w.kind == "triple":
        x, y, z = (parsed.words[t] for t in w.indices)
        if len({x, y, z}) != 3:
            return False, "the three indexed words are not distinct"
        t = _separating(x, y, z)
        ok = t < parsed.m
        return ok, (f"confirmed: {t} separating coordinates < {parsed.m}" if ok
                    else f"the three words have {t} >= {parsed.m} separating coordinates")
    if w.kind == "reducible":
        _, rem = divmod(_poly(parsed.field), _poly(w["factor"]))
        ok = rem.is_zero()
        return ok, (f"confirmed: {list(w['factor'])} divides the field polynomial" if ok
                    else "the claimed factor does not divide the field polynomial")
    if w.kind == "inner":
        holds, message = confirm(parsed.inner, w["inner"])
        return holds, f"inner code: {message}"
    if w.kind == "inner_size":
        size = _code_size(parsed.inner)
        q = 3 ** parsed.degree
        ok = size == w["inner_words"] and size != q
        return ok, (f"confirmed: the inner code has {size:,} words, not {q:,}" if ok
                    else f"the inner code has {size:,} words (field size {q:,})")
    if not isinstance(parsed, schema.LinearCode):
        return False, "a direction witness applies only to a linear_code certificate"
    n, m = parsed.n, parsed.m
    z, (a, b) = _rows([w["direction"]])[0], _rows(list(w["words"]))
    k, basis = _gf3.rref(_rows(parsed.rows), n)
    if k > schema.MAX_RANK:
        return False, "the certificate exceeds the rank limit"
    for name, vec in (("direction", z), ("a", a), ("b", b)):
        if not _gf3.in_span(basis, vec):
            return False, f"the witness word {name} is not a codeword"
    if not any(a) or not any(b) or a == b:
        return False, "0, a, b are not three distinct codewords"
    if _add(a, b) != z:
        return False, "the direction is not a + b"
    t = _separating([0] * n, a, b)
    ok = t < m
    return ok, (f"confirmed: 0, a, b have {t} separating coordinates < {m}" if ok
                else f"0, a, b have {t} >= {m} separating coordinates")
