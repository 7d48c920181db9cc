"""Which ``trifference`` word lists are admitted, and by which path (shared by both verifiers).

Not a family (the leading underscore keeps it out of the registry's key space). A list of N >= 3 words
is decided either through an affine *core* or by examining every triple; this module decides, before
either verifier starts, whether one of the two fits the time limit, and refuses the list as
``SIZE_LIMIT`` otherwise (docs/SPECIFICATION.md 3.16). It never decides validity: an admitted list is
decided by each verifier on its own, and both verifiers take the path named here.

* **The core** (``find_core``). A visit of the words in some order, its first word w_o the origin: a
  word whose difference from w_o is not in the span L of the differences chosen so far joins the basis;
  the visit stops as soon as at most e words lie outside w_o + L (e = ``extra_budget(N)`` =
  min(N // 3, 6e8 // (N^2 // 2)), 27 at N = 6,561), or when the rank would pass ``CORE_RANK`` = 8. The
  orders tried are the list order, then ``ORDERS`` - 1 = 7 shuffles drawn with a fixed seed; a list whose
  core words are all listed before the words outside it has its core found by the first (the visit
  meets no outside word before the core's span is complete). The core is recorded with the parsed list
  (origin and basis positions), and both verifiers visit the origin, then the basis words, then the rest,
  so each finds the same core by its own elimination (which words join does not depend on the pivots).
  The core is **structured** when its rank k is at least 1, more than two thirds of the 3^k words of
  w_o + L are listed (|core| > 2 * 3^(k-1)), and the extra words cost at most ``CORE_TABLE`` = 27 * 3^16
  weight-table entries (extras * 3^(2k)).
  Why that suffices for a decision in seconds: the verifiers check L by its linear criterion (rank <= 8:
  at most 3^16 / 2 pairs or 3,280 directions), then each extra word by the weight tables (at most 3^(2k)
  entries each); if L fails with a pair a, b, the triple x, x + a, x + b fails for every x of w_o + L,
  and at most 3h of the 3^k choices of x miss a listed word (h = 3^k - |core| < 3^(k-1) unlisted core
  words), so some x has all three listed: the list is rejected with that triple. Nothing is left to a
  scan. Every affine subspace of at most 6,561 words is structured (rank <= 8, all of it listed).
* **The triple scan** (``scan_work``): W = C(N, 3) * ceil(u / 64) (at least 1 per triple), u the number
  of *useful* coordinates (where all three symbols occur; elsewhere no triple is separated): every pair
  of outer words for every middle word, counted 64 coordinates at a time, which is the most either
  verifier's scan can do (a filter that certifies triples only removes work). Admitted when W <=
  ``SCAN_BUDGET``.

A list that is neither is ``SIZE_LIMIT`` with both figures in the message. Plain Python (bit-sliced
integers, two per word: the coordinates equal to 1 and to 2).
"""
from __future__ import annotations

import random
from math import comb

from ..errors import AnswerError

CORE_RANK = 8                   # largest rank of a structured core
CORE_TABLE = 27 * 3 ** 16       # weight-table entries the extra words of a structured core may read
EXTRA_PAIRS = 600_000_000       # e N^2 / 2: the pairs the extra words may meet (the verifiers' budget)
SCAN_BUDGET = 1_400_000_000     # C(N, 3) * ceil(u / 64): the triple scan's work, at most this
ORDERS = 8                      # visit orders tried for a core: the list order, then seeded shuffles
SEED = 31                       # of ``random.Random``, for those shuffles

CORE = "core"
SCAN = "scan"

_ONES = str.maketrans("012", "010")
_TWOS = str.maketrans("012", "001")


def extra_budget(total: int) -> int:
    """At most this many words outside a core (both verifiers use the same formula)."""
    return min(total // 3, EXTRA_PAIRS // max(1, total * total // 2))


def _slices(word: str) -> tuple[int, int]:
    return int(word.translate(_ONES) or "0", 2), int(word.translate(_TWOS) or "0", 2)


def _minus(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
    """a - b over F_3, coordinate-wise on the bit slices (the carry-free sum of ``forms.linear`` with b
    negated, i.e. its two slices swapped)."""
    t = (a[0] | b[0]) ^ (a[1] | b[1])
    return (a[1] | b[0]) ^ t, (a[0] | b[1]) ^ t


def useful_coordinates(words: tuple[str, ...], n: int) -> int:
    """The number of coordinates where all three symbols 0, 1, 2 occur among the words."""
    full = (1 << n) - 1
    ones = twos = zeros = 0
    for w in words:
        one, two = _slices(w)
        ones |= one
        twos |= two
        zeros |= full & ~(one | two)
    return (ones & twos & zeros).bit_count()


def scan_work(total: int, useful: int) -> int:
    """C(N, 3) * ceil(u / 64), at least C(N, 3): the triple scan's cost model."""
    return comb(total, 3) * max(1, -(-useful // 64))


def max_scan_words(useful: int) -> int:
    """The largest N whose triple scan is admitted with ``useful`` useful coordinates (the prompt's figures)."""
    total = 3
    while scan_work(total + 1, useful) <= SCAN_BUDGET:
        total += 1
    return total


def core_visit(vecs: list[tuple[int, int]], order: list[int]) -> tuple[int, tuple[int, ...], int] | None:
    """Visit the words in ``order`` (its first word is the origin w_o): a word whose difference from w_o is
    not in the span L of the differences chosen so far joins the basis, until at most ``extra_budget(N)``
    words lie outside w_o + L. Returns (rank k, positions of the basis words in the list, number of listed
    words in w_o + L), or None once the rank would pass ``CORE_RANK``. ``vecs``: the words as bit slices."""
    total = len(vecs)
    limit = extra_budget(total)
    origin = order[0]
    residual = [_minus(v, vecs[origin]) for v in vecs]
    basis: list[int] = []
    pos = 1
    while True:
        outside = [t for t in range(total) if residual[t] != (0, 0)]
        if len(outside) <= limit:
            return len(basis), tuple(basis), total - len(outside)
        if len(basis) == CORE_RANK:
            return None
        while residual[order[pos]] == (0, 0):          # the words visited so far are in w_o + L
            pos += 1
        basis.append(order[pos])
        row = residual[order[pos]]
        bit = (row[0] | row[1]) & -(row[0] | row[1])
        if row[1] & bit:                                # scale the row so that its pivot is 1
            row = (row[1], row[0])
        neg = (row[1], row[0])
        for t in outside:
            r = residual[t]
            if r[0] & bit:
                residual[t] = _minus(r, row)
            elif r[1] & bit:
                residual[t] = _minus(r, neg)


def structured(rank: int, core: int, total: int) -> bool:
    """Is a core of this rank holding ``core`` of the ``total`` listed words decided by the core path?"""
    return (rank >= 1 and core > 2 * 3 ** (rank - 1)
            and (total - core) * 3 ** (2 * rank) <= CORE_TABLE)


def visit_orders(total: int):
    """The list order, then ``ORDERS`` - 1 orders drawn with the fixed seed ``SEED``."""
    yield list(range(total))
    rnd = random.Random(SEED)
    for _ in range(ORDERS - 1):
        order = list(range(total))
        rnd.shuffle(order)
        yield order


def find_core(words: tuple[str, ...]) -> tuple[tuple[int, ...] | None, tuple | None]:
    """(origin and basis positions of the first structured core the orders give, or None; what the list
    order gave, for the message)."""
    total = len(words)
    vecs = [_slices(w) for w in words]
    first = None
    for t, order in enumerate(visit_orders(total)):
        found = core_visit(vecs, order)
        if t == 0:
            first = found
        if found is not None and structured(found[0], found[2], total):
            return (order[0],) + found[1], first
    return None, first


def admit(words: tuple[str, ...], n: int, m: int, where: str) -> tuple[str, tuple[int, ...]]:
    """(``CORE`` or ``SCAN``, the core: its origin's position then its basis words' positions, empty on the
    scan path): the path both verifiers take for this list; ``SIZE_LIMIT`` when neither fits.

    Two lists go to the scan whatever their size, because both verifiers end them at once: a list with a
    repeated word (each verifier looks for duplicates first and rejects), and a list with fewer than m
    useful coordinates (no three words can have m separating coordinates, so the first triple the scan
    counts fails)."""
    total = len(words)
    if total < 3 or len(set(words)) < total:
        return SCAN, ()
    core, first = find_core(words)
    if core is not None:
        return CORE, core
    useful = useful_coordinates(words, n)
    work = scan_work(total, useful)
    if work <= SCAN_BUDGET or useful < m:
        return SCAN, ()
    found = ("no affine core (rank <= 8, all but a few of its words) was found" if first is None else
             f"its affine core in list order (rank {first[0]}, {first[2]:,} listed words of {3 ** first[0]:,}, "
             f"{total - first[2]:,} words outside) is not one the core path decides")
    raise AnswerError("SIZE_LIMIT", f"{where} has {total:,} words and {found}, so every triple would be "
                      f"examined: C({total:,}, 3) x ceil({useful} useful coordinates / 64) = {work:.3g} "
                      f"units of work, over the limit of {SCAN_BUDGET:.3g}; a list built on an affine core (all but "
                      f"a few words in an affine subspace of rank <= 8, more than two thirds of it listed) has no "
                      f"such limit, and its core is always found when its words are listed before the others "
                      f"(docs/SPECIFICATION.md 3.16)")
