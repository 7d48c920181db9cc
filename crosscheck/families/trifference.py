"""Second check of the ``trifference`` family (independent of ``endless_exam.checker.families.trifference``).

t(x, y, z) below is the number of coordinates where x, y, z are pairwise different; a code is
m-trifferent iff t >= m for every three distinct words.

Certificates (``linear_code``, ``rs_concat``) are re-parsed here by ``reparse`` in this module's own code
(the shared schema has already accepted their syntax); literal lists and legacy ``linear`` spans use the
shared parse and expansion.

What is checked and how (every decision is exact integer or bit arithmetic):

* Lists: duplicates (sorting), then affine subspaces are recognised by a plain-Python row reduction
  of the differences w - w_0 (bit-sliced big integers, ``_ternary``): size 3^r and rank r. For an
  affine list (t is invariant under translation) the *pair criterion* decides: for non-zero
  a != b in L = list - w_0, the triple 0, a, b is separated exactly where a_i != 0, b_i != 0,
  a_i != b_i, and that number is read off the weights of four codewords (every pair, any m):
  3 t(0, a, b) = wt(a) + wt(b) + wt(a - b) - 2 wt(a + b), since a coordinate (a_i, b_i) adds 3 to the
  right side when b_i = -a_i != 0 and 0 otherwise ((0, 0), (0, c), (c, 0), (c, c)). a + b and a - b are
  codewords; with the code indexed by messages over a basis of its own words they are digit-wise sums,
  so one a against every b is a row and column permutation of the weight table (numpy). The primary
  counts the pairs on bit masks instead.
* Which of the two paths below a list takes is the shared admission's (``_trifference_admission``): a
  structured core (named by its origin and basis words, re-found here by this module's own elimination;
  it always decides) or the triple scan within its cost model (re-checked here before the scan starts).
* Near-affine lists: ``_trifference_core.cores`` proposes cores w_0 + L (w_0 listed, rank <= 8, or
  <= 10 for m <= 3) holding all but at most e listed words, e <= N/3 with e N^2 / 2 <= ``EXTRA_PAIRS``.
  Every triple of the list lies in the core or has an extra word. If L passes (the pair criterion on
  its 3^k words for k <= 8, else the direction criterion below), every triple inside the core passes
  (a subset of a translate of a trifferent code), and the triples through the extra words are counted
  exactly (``_trifference_core.extra_violation``, the F_3 sum identity below): together nothing is left
  out. If L fails with the pair a, b, the triple x, x + a, x + b fails for every x of the core; one with
  all three words listed rejects the list, and otherwise this core decides nothing (the next one is
  tried, then the full scan). At most ``_trifference_core.ORIGINS`` = 4 cores are examined. The extra
  words of a core of rank k <= 8 (when e 3^(2k) <= ``TABLE_ENTRIES``) are decided from weights
  (``_trifference_core.extra_violation_by_weights``: 3 t(e, u, v) = d(e, u) + d(e, v) + d(u, v) -
  2 wt(e + u + v), with u, v in the core read from the weights of L and of the cosets +-(w_0 - e) + L,
  row by row, at most 3^(2k) entries per extra word whatever m; the primary reads the same identity by
  difference and sum word); the pairs through two extra words by the sum identity on value masks. For
  a core of rank 9..10 (m <= 3) the extra words cost at most 6e8 pair counts of one 64-bit word plus
  full counts of the pairs below m there.
* Lists with N^2 n <= 5e7 first look at the N nearest pairs (``_trifference_scan.near_pair_violation``,
  t(x, y, w) <= d(x, y), bit sets and the sum identity): a failing triple found there rejects; none
  found decides nothing.
* Other lists are scanned triple by triple (``_trifference_scan``: per middle word, bit sets over the
  first word, a filter that certifies triples separated in m different coordinate blocks (m <= 8) or
  whose separating coordinates counted block by block reach m (a bit-sliced counter, m > 8),
  then an exact count of the rest with the identity t = #{i : x_i + y_i + z_i = 0} - #{i : x_i = y_i =
  z_i} on bit-sliced F_3 words; or, for m >= 4 and at most 243 words, plain Python). This is a
  different decomposition from the primary, which decides affine lists with the hyperplane criterion
  and scans with bit sets over the last word, certifies by m disjoint coordinate groups and counts with
  relative one-hot masks.
* ``linear_code``: the rank over F_3 twice -- sympy ``DomainMatrix`` over ``GF(3)`` (python ground types,
  set by ``endless_exam.crosscheck``) and a plain-Python row reduction, which must agree -- then the
  criterion "d(C) >= m, and for every non-zero codeword z = uG the rows restricted to the zero set of
  z have rank k - 1 and minimum distance >= m" (proved in the primary's docstring), decided direction
  by direction: u runs over the vectors with first non-zero coordinate u_p = 1 (c = uG updated by one
  row addition per step), the row p is dropped (u.G = 0 on Z(c) makes it dependent on the others
  there), and the other k - 1 restricted rows are reduced with big-integer bit slices. For m >= 2
  the reduced echelon rows show a word of weight < m exactly when a row has weight < m or (m = 3)
  two rows agree up to sign off their pivots. sympy cannot reduce 265,720 small matrices within the
  time limit (about 1 ms each), hence the plain-Python reduction there; sympy keeps the rank.
  A failing direction is recomputed with the row combinations carried along, which gives a codeword a
  outside span(z) with fewer than m non-zero coordinates on Z(z); the witness is z and a, b = z - a.
  From rank ``PREFILTER_RANK`` = 6 on, ``_trifference_prefilter`` first decides every direction at once
  with numpy on a subset of 64 coordinates, then the directions left on the next 64 coordinates, and
  once more (``PREFILTER_PARTS``); the criterion is monotone in the coordinates, so a direction that
  passes on a subset passes, and only the others run the plain-Python check above.
* ``rs_concat``: irreducibility of the field polynomial by sympy ``Poly(..., modulus=3).is_irreducible``
  and, independently, by trial division by every monic polynomial of degree 1..r/2 (at most 1,092 of
  them for r <= 12) in plain Python; both must agree (degree >= 1 is required: constants are not
  irreducible here). The inner code is checked recursively by this module, must have exactly 3^r
  words, and the inequalities are re-checked. Objective q^K, never expanded.

Libraries: sympy (GF(3) ranks, irreducibility), numpy (pair criterion, triple scan), plain Python
(everything else). z3 is the formal oracle, in ``endless_exam.crosscheck.oracle.trifference``.
"""
from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any, Union

import numpy as np

from endless_exam.certificates.errors import AnswerError, describe
from endless_exam.certificates.schemas import _trifference_admission as admission
from endless_exam.certificates.schemas import trifference as schema
from endless_exam.certificates.verdict import Verdict, accept, reject
from endless_exam.certificates.witness import Witness

from . import _ternary as t3
from . import _trifference_core as core
from . import _trifference_prefilter as prefilter
from ._trifference_scan import near_pair_violation, scan_direct, scan_triples

LIBRARIES = ("numpy", "sympy")
DIRECT_MAX = 243            # lists with m >= 4 up to this size are scanned in plain Python
PAIR_RANK = 8               # cores up to this rank are decided by the pair criterion (3^16 / 2 pairs)
DIRECTION_RANK = 10         # m <= 3: cores of rank 9..10 are decided direction by direction
EXTRA_PAIRS = 600_000_000   # pairs (u, v) the extra-word count may meet, over all its extra words
TABLE_ENTRIES = 27 * 3 ** 16  # weight-table entries the extra words of a core of rank <= 8 may read (all rows)
PREFILTER_RANK = 6          # linear codes of this rank and more go through the numpy direction pre-filter
PREFILTER_PARTS = 3         # coordinate subsets of 64 it tries, one after the other, on the directions left


# ---- re-parse of the certificates ----------------------------------------------------------------------

@dataclass(frozen=True)
class Words:
    n: int
    m: int
    words: tuple[str, ...]


@dataclass(frozen=True)
class Code:
    n: int
    m: int
    rows: tuple[str, ...]


@dataclass(frozen=True)
class Concat:
    n: int
    m: int
    inner: Union[Words, Code]
    a: int
    b: int
    field: tuple[int, ...]
    big_n: int
    big_k: int


def _fail(reason: str, message: str):
    raise AnswerError(reason, f"(second verifier re-parse) {message}")


def _strings(value: Any, n: int, limit: int, what: str) -> tuple[str, ...]:
    if type(value) is not list:
        _fail("FORMAT_TYPE", f"{what} must be a list, got {describe(value)}")
    if len(value) == 0:
        _fail("EMPTY", f"{what} is empty")
    if len(value) > limit:
        _fail("SIZE_LIMIT", f"{what} has {len(value)} entries > {limit}")
    for i, s in enumerate(value):
        if type(s) is not str:
            _fail("FORMAT_TYPE", f"{what} entry {i} is not a string")
        if len(s) != n:
            _fail("FORMAT_SHAPE", f"{what} entry {i} has length {len(s)} != {n}")
        for ch in s:
            if ch not in "012":
                _fail("RANGE" if ch in "3456789" else "FORMAT_TYPE", f"{what} entry {i} has the character {ch!r}")
    return tuple(value)


def _span_words(rows: tuple[str, ...], n: int) -> tuple[str, ...]:
    """All F_3 combinations of the rows (an independent span construction, set semantics)."""
    red = t3.Reducer()
    for r in rows:
        red.add(t3.vec(r))
    basis = [v for _, v, _ in red.rows]
    out = set()
    for coeffs in itertools.product(range(3), repeat=len(basis)):
        v = (0, 0)
        for c, b in zip(coeffs, basis):
            v = t3.plus(v, t3.scale(c, b))
        out.add(t3.word(v, n))
    return tuple(sorted(out))


def _inner(value: Any, a: int, b: int) -> Union[Words, Code]:
    if type(value) is list:
        return Words(a, b, _strings(value, a, schema.MAX_WORDS, "the inner code"))
    if type(value) is not dict or len(value) != 1:
        _fail("FORMAT_SHAPE", "the inner code must be a list or a one-key object")
    (key, rows), = value.items()
    if key == "linear":
        return Words(a, b, _span_words(_strings(rows, a, schema.MAX_LINEAR_ROWS, "'linear'"), a))
    if key == "linear_code":
        if b not in (1, 2, 3):
            _fail("FORMAT_SHAPE", "linear_code needs m in 1..3")
        return Code(a, b, _strings(rows, a, schema.MAX_CODE_ROWS, "'linear_code'"))
    _fail("FORMAT_SHAPE", f"the inner code cannot be {key!r}")


def _integer(value: Any, what: str) -> int:
    if type(value) is not int:
        _fail("FORMAT_TYPE", f"{what} is not an integer")
    return value


def reparse(answer: Any, params: dict, parsed: Any) -> Any:
    """Own objects for the certificate forms; lists and legacy spans keep the shared parse."""
    if isinstance(parsed, schema.WordList):
        return parsed
    n, m = params["n"], params["m"]
    if isinstance(parsed, schema.LinearCode):
        if type(answer) is not dict or list(answer) != ["linear_code"]:
            _fail("FORMAT_SHAPE", "not a linear_code object")
        if m not in (1, 2, 3):
            _fail("FORMAT_SHAPE", "linear_code needs m in 1..3")
        return Code(n, m, _strings(answer["linear_code"], n, schema.MAX_CODE_ROWS, "'linear_code'"))
    if type(answer) is not dict or list(answer) != ["rs_concat"] or type(answer["rs_concat"]) is not dict:
        _fail("FORMAT_SHAPE", "not an rs_concat object")
    body = answer["rs_concat"]
    if sorted(body) != ["dimension", "field", "inner", "inner_m", "inner_n", "length"]:
        _fail("FORMAT_SHAPE", "rs_concat keys")
    a, b = _integer(body["inner_n"], "inner_n"), _integer(body["inner_m"], "inner_m")
    big_n, big_k = _integer(body["length"], "length"), _integer(body["dimension"], "dimension")
    field = body["field"]
    if type(field) is not list or not 2 <= len(field) <= schema.MAX_FIELD_DEGREE + 1:
        _fail("FORMAT_SHAPE", "field length")
    coeffs = tuple(_integer(c, "field coefficient") for c in field)
    if any(c not in (0, 1, 2) for c in coeffs):
        _fail("RANGE", "field coefficient outside 0..2")
    if coeffs[-1] != 1:
        _fail("RANGE", "field polynomial not monic")
    if not (1 <= b <= a <= n) or big_n < 1 or big_k < 1:
        _fail("RANGE", "rs_concat parameters out of range")
    q = 3 ** (len(coeffs) - 1)
    if not (a * big_n <= n and big_n <= q and big_k <= big_n and b * (big_n - 3 * big_k + 3) >= m):
        _fail("RANGE", "rs_concat inequalities")
    return Concat(n, m, _inner(body["inner"], a, b), a, b, coeffs, big_n, big_k)


# ---- lists ---------------------------------------------------------------------------------------------

def _useful(words: tuple[str, ...]) -> int:
    """Coordinates where all three symbols occur (by sets of columns, apart from the shared count)."""
    return sum(1 for column in zip(*words) if len(set(column)) == 3)


def _duplicate(words: tuple[str, ...]) -> tuple[int, int] | None:
    order = sorted(range(len(words)), key=lambda t: (words[t], t))
    best = None
    for s, t in zip(order, order[1:]):
        if words[s] == words[t] and (best is None or t < best[1]):
            best = (s, t)
    return best


def _affine(words: tuple[str, ...]) -> list[t3.Vec] | None:
    """The differences w - w_0 as vectors when the list is exactly w_0 + L for a linear L, else None."""
    size = len(words)
    r = 0
    while 3 ** r < size:
        r += 1
    if 3 ** r != size:
        return None
    origin = t3.vec(words[0])
    diffs = [t3.minus(t3.vec(w), origin) for w in words]
    red = t3.Reducer()
    for v in diffs:
        independent, _, _ = red.add(v)
        if independent and len(red.rows) > r:
            return None
    return diffs if len(red.rows) == r else None


def _pair_violation(code: list[t3.Vec], n: int, m: int, spanned: bool = False) -> tuple[int, int] | None:
    """Positions (a before b) of non-zero a != b in ``code`` (every word of a linear code of rank <= 8, 0
    among them, in any order) with fewer than m coordinates where a_i, b_i are non-zero and different,
    the earliest pair (a, b) first. Decided from the weights of the codewords alone, by the identity
        3 t(0, a, b) = wt(a) + wt(b) + wt(a - b) - 2 wt(a + b)
    (per coordinate (a_i, b_i): (0, 0), (0, c), (c, 0) and (c, c) add 0 to the right side, (c, -c) adds
    1 + 1 + 1 - 0 = 3). The code is re-indexed by messages u (base-3 digits) over a basis taken from its
    own words, so the weights of a + b and a - b, for one a and every b, are the weight grid (high digits x
    low 4 digits of the message) with its rows and columns permuted by digit-wise addition tables; every
    pair is then four weights and one comparison. ``spanned``: the code is already listed by message, as
    ``_near_affine`` builds it (word u = sum_j u_j r_j, digit 2 meaning -r_j)."""
    size = len(code)
    if size < 3:
        return None
    k = 0
    while 3 ** k < size:
        k += 1
    if 3 ** k != size or k > 8:
        raise RuntimeError("second trifference self-check failed: the pair criterion needs a whole code of rank <= 8")
    if spanned:
        span, position = code, np.arange(size, dtype=np.int64)
    else:
        red = t3.Reducer()
        basis = []
        for v in code:
            if red.add(v)[0]:
                basis.append(v)
                if len(basis) == k:
                    break
        span = [(0, 0)]
        for r in basis:                               # message u at index sum_j u_j 3^j (digit 2 means -r)
            span = span + [t3.plus(v, r) for v in span] + [t3.minus(v, r) for v in span]
        where = {v: t for t, v in enumerate(code)}
        if len(span) != size or len(where) != size:
            raise RuntimeError("second trifference self-check failed: the pair criterion needs a whole code")
        position = np.array([where[v] for v in span], np.int64)  # KeyError if the list is not the whole code
    weight = np.array([t3.weight(v) for v in span], np.int16)   # by message
    high = 3 ** max(0, k - 4)
    grid = weight.reshape(high, size // high)                   # [high digits, low 4 digits]
    low_digits = (np.arange(size // high)[:, None] // 3 ** np.arange(4)) % 3
    high_digits = (np.arange(high)[:, None] // 3 ** np.arange(4)) % 3

    def tables(digits):
        place = 3 ** np.arange(4)
        return ((((digits[:, None, :] + digits[None, :, :]) % 3) * place).sum(axis=2),
                (((digits[:, None, :] - digits[None, :, :]) % 3) * place).sum(axis=2))
    add_low, sub_low = tables(low_digits)
    add_high, sub_high = tables(high_digits)
    wide = size // high

    def thrice(u: np.ndarray, row0: int) -> np.ndarray:
        """3 t(0, a, b) for the messages u of a and every b whose message is at least row0 * wide."""
        uh, ul = u // wide, u % wide
        plus = grid[add_high[uh][:, row0:, None], add_low[ul][:, None, :]].reshape(len(u), -1)
        minus = grid[sub_high[uh][:, row0:, None], sub_low[ul][:, None, :]].reshape(len(u), -1)
        return weight[u][:, None] + weight[None, row0 * wide:] + minus - 2 * plus

    rows = max(1, (1 << 21) // size)
    failing = False                     # first the decision: pairs u < v by message, half the table
    for first in range(1, size - 1, rows):
        u = np.arange(first, min(size - 1, first + rows))
        row0 = first // wide
        t = thrice(u, row0)
        head = t[:, :wide]                                      # b = 0 (when row0 = 0) and b = a are no pairs
        head[np.arange(row0 * wide, (row0 + 1) * wide)[None, :] <= u[:, None]] = np.iinfo(np.int16).max
        t[np.arange(len(u)), u - row0 * wide] = np.iinfo(np.int16).max  # b = a past the head (rows span blocks)
        if (t < 3 * m).any():
            failing = True
            break
    if not failing:
        return None
    order = np.argsort(position, kind="stable")                 # the witness: the earliest pair by position
    order = order[weight[order] > 0]
    live = weight > 0
    for first in range(0, len(order) - 1, rows):
        u = order[first:first + rows]
        bad = (thrice(u, 0) < 3 * m) & live[None, :] & (position[None, :] > position[u][:, None])
        hit = np.flatnonzero(bad.any(axis=1))
        if len(hit):
            r = int(hit[0])
            ta = int(position[u[r]])
            tb = int(position[np.flatnonzero(bad[r])].min())
            if t3.separating((0, 0), code[ta], code[tb]) >= m:
                raise RuntimeError("second trifference self-check failed: the weight identity disagrees with a count")
            return ta, tb
    raise RuntimeError("second trifference self-check failed: the two passes of the pair criterion disagree")


def _near_affine(words: tuple[str, ...], n: int, m: int,
                 lead: tuple[int, ...] = ()) -> tuple[bool, tuple[int, int, int] | None]:
    """(decided, violating triple or None): a core w_0 + L passes its linear criterion and every triple
    through an extra word is counted, or a failing triple of the core lies in the list. (False, None) when
    no core with few extra words decides. ``lead``: the admission's core (origin, then basis words) only."""
    total = len(words)
    vecs = [t3.vec(w) for w in words]
    budget = min(total // 3, EXTRA_PAIRS // max(1, total * total // 2))
    for origin, basis_at, in_core in core.cores(vecs, DIRECTION_RANK if m <= 3 else PAIR_RANK, budget, lead):
        rows = [t3.minus(vecs[t], vecs[origin]) for t in basis_at]
        if len(rows) <= PAIR_RANK:
            span = [(0, 0)]
            for r in rows:
                span = span + [t3.plus(v, r) for v in span] + [t3.minus(v, r) for v in span]
            pair = _pair_violation(span, n, m, spanned=True) if len(span) >= 3 else None
            bad = None if pair is None else (span[pair[0]], span[pair[1]])
        else:
            red = t3.Reducer()
            for r in rows:
                red.add(r)
            hit = _code_violation([v for _, v, _ in red.rows], n, m)
            bad = None if hit is None else hit[1:]
        if bad is None:
            extras = total - sum(in_core)
            if 1 <= len(rows) <= PAIR_RANK and extras * 3 ** (2 * len(rows)) <= TABLE_ENTRIES:
                return True, core.extra_violation_by_weights(list(words), vecs, origin, span, in_core, m)
            return True, core.extra_violation(list(words), in_core, m)
        index = {w: t for t, w in enumerate(words)}
        for t in range(total):
            if in_core[t]:
                u = index.get(t3.word(t3.plus(vecs[t], bad[0]), n))
                v = index.get(t3.word(t3.plus(vecs[t], bad[1]), n)) if u is not None else None
                if v is not None:
                    return True, (t, u, v)
    return False, None


def _check_words(words: tuple[str, ...], n: int, m: int, label: str, path: str, lead: tuple[int, ...]) -> Verdict:
    dup = _duplicate(words)
    if dup is not None:
        i, j = dup
        return reject("DUPLICATE", f"word {words[i]} is listed at {i} and {j}", {"word": words[i], "indices": [i, j]})
    triple = None
    if len(words) >= 3:
        diffs = _affine(words)
        if diffs is not None:
            pair = _pair_violation(diffs, n, m)
            triple = None if pair is None else (0, pair[0], pair[1])
        else:
            triple = near_pair_violation(words, n, m)
            decided = triple is not None
            if not decided and path == admission.CORE:
                decided, triple = _near_affine(words, n, m, lead)
                if not decided:
                    raise RuntimeError("second trifference self-check failed: the admitted core decided nothing")
            if not decided:
                useful = _useful(words)
                if admission.scan_work(len(words), useful) > admission.SCAN_BUDGET and useful >= m:
                    raise RuntimeError("second trifference self-check failed: a list over the scan's cost model "
                                       "reached the scan")
                triple = scan_direct(words, n, m) if m >= 4 and len(words) <= DIRECT_MAX else scan_triples(words, n, m)
    if triple is not None:
        i, j, k = sorted(triple)
        x, y, z = words[i], words[j], words[k]
        t = t3.separating(t3.vec(x), t3.vec(y), t3.vec(z))
        if t >= m:
            raise RuntimeError("second trifference self-check failed: the reported triple is separated")
        return reject("PROPERTY_VIOLATION", f"words {i}, {j}, {k} are separated at {t} coordinates only (m = {m})",
                      {"words": [x, y, z], "indices": [i, j, k]})
    return accept(len(words), f"{m}-trifferent {label} of {len(words)} words")


# ---- linear codes --------------------------------------------------------------------------------------

def _sympy_rank(rows: tuple[str, ...], n: int) -> int:
    from sympy import GF
    from sympy.polys.matrices import DomainMatrix

    field = GF(3)
    matrix = DomainMatrix([[field(int(ch)) for ch in r] for r in rows], (len(rows), n), field)
    return int(matrix.rank())


def _basis(rows: tuple[str, ...], n: int) -> list[t3.Vec]:
    red = t3.Reducer()
    for r in rows:
        red.add(t3.vec(r))
    basis = [v for _, v, _ in red.rows]
    if _sympy_rank(rows, n) != len(basis):
        raise RuntimeError("second trifference self-check failed: sympy and the row reduction disagree on the rank")
    return basis


def _combination(msg: t3.Vec, rows: list[t3.Vec]) -> t3.Vec:
    v = (0, 0)
    for i, r in enumerate(rows):
        if (msg[0] >> i) & 1:
            v = t3.plus(v, r)
        elif (msg[1] >> i) & 1:
            v = t3.minus(v, r)
    return v


def _directions(k: int):
    """(lead p, trailing digits) of every u in F_3^k whose first non-zero coordinate u_p is 1, with the
    index of the row added since the previous u (or None at the start of each lead)."""
    for p in range(k):
        digits = [0] * (k - 1 - p)
        yield p, digits, None
        while True:
            t = len(digits) - 1
            changed = []
            while t >= 0:
                digits[t] += 1
                changed.append(p + 1 + t)
                if digits[t] == 3:
                    digits[t] = 0
                    t -= 1
                else:
                    break
            if t < 0:
                break
            yield p, digits, changed


def _restriction_passes(basis: list[t3.Vec], p: int, zero: int, m: int) -> bool:
    """The fast path of ``_restricted_fails`` (no messages): the rows other than p restricted to ``zero`` are
    independent and, for m >= 2, their reduced echelon form shows no word of weight < m. The F_3 sums are
    written out inline (v - b = v + (b_twos, b_ones)), which makes this the hot loop of the second verifier."""
    piv: list[tuple[int, int, int]] = []
    for i, (r1, r2) in enumerate(basis):
        if i == p:
            continue
        v1, v2 = r1 & zero, r2 & zero
        for bit, b1, b2 in piv:
            if v1 & bit:
                s = (v1 | b1) ^ (v2 | b2)
                v1, v2 = (v2 | b1) ^ s, (v1 | b2) ^ s
            elif v2 & bit:
                s = (v1 | b2) ^ (v2 | b1)
                v1, v2 = (v2 | b2) ^ s, (v1 | b1) ^ s
        nz = v1 | v2
        if not nz:
            return False
        bit = nz & -nz
        if v2 & bit:
            v1, v2 = v2, v1
        piv.append((bit, v1, v2))
    if m == 1:
        return True
    rows = [list(t) for t in piv]
    for t in range(len(rows) - 1, -1, -1):
        bit, b1, b2 = rows[t]
        for u, row in enumerate(rows):
            if u == t:
                continue
            v1, v2 = row[1], row[2]
            if v1 & bit:
                s = (v1 | b1) ^ (v2 | b2)
                row[1], row[2] = (v2 | b1) ^ s, (v1 | b2) ^ s
            elif v2 & bit:
                s = (v1 | b2) ^ (v2 | b1)
                row[1], row[2] = (v2 | b2) ^ s, (v1 | b1) ^ s
    seen = set()
    for bit, v1, v2 in rows:
        if (v1 | v2).bit_count() < m:
            return False
        if m == 3:
            o1, o2 = v1 & ~bit, v2 & ~bit
            low = (o1 | o2) & -(o1 | o2)
            key = (o1, o2) if o1 & low else (o2, o1)
            if key in seen:
                return False
            seen.add(key)
    return True


def _restricted_fails(basis: list[t3.Vec], p: int, zero: int, m: int, track: bool) -> t3.Vec | None:
    """For the direction with lead p and zero-set mask ``zero``: None if the rows other than p, restricted to
    the zero set, are independent and (m >= 2) span a code of minimum distance >= m; otherwise, when
    ``track``, the message (over the row indices) of a combination vanishing there or of weight < m;
    when not tracking, the message (0, 0) as a mere failure flag."""
    red = t3.Reducer(track=track)
    for i, row in enumerate(basis):
        if i == p:
            continue
        independent, _, msg = red.add((row[0] & zero, row[1] & zero), t3.unit(i) if track else (0, 0))
        if not independent:
            return msg if track else (0, 0)
    if m >= 2:
        low = t3.low_weight(red.reduced(), m)
        if low is not None:
            return low if track else (0, 0)
    return None


def _code_violation(basis: list[t3.Vec], n: int, m: int) -> tuple[t3.Vec, t3.Vec, t3.Vec] | None:
    """(z, a, b): codewords with 0, a, b separated at fewer than m coordinates, or None."""
    k = len(basis)
    full = (1 << n) - 1
    # d(C) >= m
    red = t3.Reducer(track=True)
    for i, row in enumerate(basis):
        red.add(row, t3.unit(i))
    low = t3.low_weight(red.reduced(), m)
    if low is not None:
        a = _combination(low, basis)
        return (0, 0), a, t3.neg(a)
    if k <= 1:
        return None
    if k >= PREFILTER_RANK:
        return _filtered_directions(basis, n, m)
    c = (0, 0)
    for p, digits, changed in _directions(k):
        if changed is None:
            c = basis[p]
        else:
            for i in changed:
                c = t3.plus(c, basis[i])
        zero = full & ~(c[0] | c[1])
        if not _restriction_passes(basis, p, zero, m):
            msg = _restricted_fails(basis, p, zero, m, track=True)
            a = _combination(msg, basis)
            b = t3.minus(c, a)
            return c, a, b
    return None


def _filtered_directions(basis: list[t3.Vec], n: int, m: int) -> tuple[t3.Vec, t3.Vec, t3.Vec] | None:
    """The direction loop of ``_code_violation`` for the directions the numpy pre-filter does not certify
    (``_trifference_prefilter``: a direction it certifies passes on a coordinate subset, hence passes),
    in the same order (lead p first, then the trailing digits), each decided exactly on all coordinates."""
    k = len(basis)
    full = (1 << n) - 1
    dirs = prefilter.directions(k)
    left = dirs
    for part in range(PREFILTER_PARTS):
        if len(left):
            left = left[~prefilter.certified(basis, n, m, left, part)]
    lead = np.argmax(left != 0, axis=1)
    keys = [left[:, j] for j in range(k - 1, -1, -1)] + [lead]
    for row in left[np.lexsort(keys)]:
        u = [int(x) for x in row]
        p = next(i for i, x in enumerate(u) if x)
        msg = (sum(1 << i for i, x in enumerate(u) if x == 1), sum(1 << i for i, x in enumerate(u) if x == 2))
        c = _combination(msg, basis)
        zero = full & ~(c[0] | c[1])
        if not _restriction_passes(basis, p, zero, m):
            fail = _restricted_fails(basis, p, zero, m, track=True)
            a = _combination(fail, basis)
            return c, a, t3.minus(c, a)
    return None


def _check_code(code: Code) -> Verdict:
    n, m = code.n, code.m
    basis = _basis(code.rows, n)
    k = len(basis)
    if k > schema.MAX_RANK:
        return reject("SIZE_LIMIT", f"rank {k} over F_3 exceeds {schema.MAX_RANK}")
    found = _code_violation(basis, n, m) if k else None
    if found is not None:
        z, a, b = found
        t = t3.separating((0, 0), a, b)
        if not (a != (0, 0) and b != (0, 0) and a != b and t < m):
            raise RuntimeError("second trifference self-check failed: the direction witness does not hold")
        return reject("PROPERTY_VIOLATION", f"codewords 0, a, b with a + b = z are separated at {t} coordinates (m = {m})",
                      {"direction": t3.word(z, n), "words": [t3.word(a, n), t3.word(b, n)]})
    return accept(3 ** k, f"linear {m}-trifferent code, rank {k}")


# ---- Reed-Solomon concatenation ------------------------------------------------------------------------

def _poly_mod(num: list[int], den: list[int]) -> list[int]:
    """Remainder of num by the monic den over F_3 (coefficient lists, increasing degree)."""
    rem = list(num)
    d = len(den) - 1
    for top in range(len(rem) - 1, d - 1, -1):
        c = rem[top] % 3
        if c:
            for j in range(d + 1):
                rem[top - d + j] = (rem[top - d + j] - c * den[j]) % 3
    return [x % 3 for x in rem[:d]]


def smallest_factor(coeffs: tuple[int, ...]) -> list[int] | None:
    """The first monic divisor of degree 1..deg/2 in (degree, lexicographic) order, or None (trial division).
    A polynomial without one has no factor of degree 1..deg - 1 at all (one of any two cofactors has degree
    at most deg/2)."""
    r = len(coeffs) - 1
    for deg in range(1, r // 2 + 1):
        for low in itertools.product(range(3), repeat=deg):
            den = list(low) + [1]
            if not any(_poly_mod(list(coeffs), den)):
                return den
    return None


def irreducible_by_division(coeffs: tuple[int, ...]) -> bool:
    """Degree >= 1 (the leading coefficient non-zero) and no monic factor of degree 1..deg/2."""
    while coeffs and coeffs[-1] % 3 == 0:
        coeffs = coeffs[:-1]
    if len(coeffs) - 1 < 1:
        return False
    if coeffs[-1] != 1:                      # make it monic: 2 is its own inverse
        coeffs = tuple((2 * c) % 3 for c in coeffs)
    return smallest_factor(coeffs) is None


def irreducible_by_sympy(coeffs: tuple[int, ...]) -> bool:
    from sympy import Poly, symbols

    x = symbols("x")
    poly = Poly(list(reversed(coeffs)), x, modulus=3)
    return poly.degree() >= 1 and bool(poly.is_irreducible)


def _size(code) -> int:
    if isinstance(code, (Words, schema.WordList)):
        return len(set(code.words))
    return 3 ** len(_basis(code.rows, code.n))


def _check_concat(c: Concat) -> Verdict:
    r = len(c.field) - 1
    by_sympy, by_division = irreducible_by_sympy(c.field), irreducible_by_division(c.field)
    if by_sympy != by_division:
        raise RuntimeError("second trifference self-check failed: sympy and trial division disagree on irreducibility")
    if not by_sympy:
        factor = smallest_factor(c.field)
        return reject("CERTIFICATE_INVALID", f"field polynomial {list(c.field)} is reducible over F_3: factor {factor}",
                      {"factor": factor})
    inner = check(c.inner)
    if not inner.valid:
        message = f"inner code fails ({inner.reason}): {inner.message}"
        if inner.reason in ("DUPLICATE", "PROPERTY_VIOLATION"):
            return reject("CERTIFICATE_INVALID", message, {"inner": inner.witness})
        return reject(inner.reason, message, inner.witness)
    q = 3 ** r
    if inner.objective != q:
        return reject("CERTIFICATE_INVALID", f"inner code has {inner.objective} words, the field needs {q}",
                      {"inner_words": inner.objective})
    if not (c.a * c.big_n <= c.n and 1 <= c.big_k <= c.big_n <= q and c.b * (c.big_n - 3 * c.big_k + 3) >= c.m):
        raise RuntimeError("second trifference self-check failed: rs_concat inequalities")
    return accept(q ** c.big_k, f"rs_concat over GF(3^{r}): {q}^{c.big_k} words")


# ---- the contract ----------------------------------------------------------------------------------------

def check(parsed) -> Verdict:
    if isinstance(parsed, schema.WordList):
        return _check_words(parsed.words, parsed.n, parsed.m, "list" if parsed.form == "list" else "linear span",
                            parsed.path, parsed.core)
    if isinstance(parsed, Words):
        path, lead = admission.admit(parsed.words, parsed.n, parsed.m, "the inner code")
        return _check_words(parsed.words, parsed.n, parsed.m, "list", path, lead)
    if isinstance(parsed, Code):
        return _check_code(parsed)
    if isinstance(parsed, Concat):
        return _check_concat(parsed)
    raise TypeError(f"the second trifference verifier got {type(parsed).__name__}")


def confirm(parsed, w: Witness) -> tuple[bool, str]:
    if w.kind == "duplicate":
        i, j = w.indices
        same = parsed.words[i] == parsed.words[j]
        return same, "duplicate confirmed" if same else "the words differ"
    if w.kind == "triple":
        x, y, z = (t3.vec(parsed.words[i]) for i in w.indices)
        if x == y or x == z or y == z:
            return False, "the three words are not distinct"
        t = t3.separating(x, y, z)
        return t < parsed.m, f"the three words are separated at {t} coordinates (m = {parsed.m})"
    if w.kind == "reducible":
        rem = _poly_mod(list(parsed.field), list(w["factor"]))
        return not any(rem), f"remainder of the field polynomial by the factor: {rem}"
    if w.kind == "inner":
        holds, message = confirm(parsed.inner, w["inner"])
        return holds, f"inner code: {message}"
    if w.kind == "inner_size":
        size, q = _size(parsed.inner), 3 ** (len(parsed.field) - 1)
        return size == w["inner_words"] and size != q, f"the inner code has {size} words, q = {q}"
    if not isinstance(parsed, Code):
        return False, "a direction witness belongs to a linear_code certificate"
    n, m = parsed.n, parsed.m
    basis = _basis(parsed.rows, n)
    if len(basis) > schema.MAX_RANK:
        return False, "rank above the limit"
    red = t3.Reducer()
    for b in basis:
        red.add(b)
    z = t3.vec(w["direction"])
    a, b = (t3.vec(x) for x in w["words"])
    for name, v in (("direction", z), ("a", a), ("b", b)):
        rest, _ = red.reduce(v)
        if rest != (0, 0):
            return False, f"{name} is not a codeword"
    if a == (0, 0) or b == (0, 0) or a == b:
        return False, "0, a, b are not distinct"
    if t3.plus(a, b) != z:
        return False, "direction != a + b"
    t = t3.separating((0, 0), a, b)
    return t < m, f"0, a, b are separated at {t} coordinates (m = {m})"
