"""Near-affine lists for the primary ``trifference`` verifier (numpy): the affine core and the extra words.

A list S is *near-affine* when an affine subspace A = x0 + L of small dimension holds all but a few of
its words: S = (S n A) u X with X = S \\ A small (A may hold words that are not in S). The decision
built on it lives in ``trifference._near_affine``; this module finds A and scans the triples through X.

* ``find_cores``: A is grown from one origin x0 in S by adding, in a fixed order, the next word whose
  difference from x0 is not yet in the span, until at most ``max_extra`` words lie outside (or the rank
  limit is reached). The differences are reduced exactly over F_3 (int8 numpy row operations, each new
  basis row normalised at its first non-zero coordinate and eliminated from every row), so "residual 0"
  means exactly "in x0 + L". The first order is the list's own, the others are seeded permutations:
  an extra word taken as origin or as an early basis row spoils one attempt, not the next. Which A is
  found never changes a verdict (every triple is still covered, see ``trifference``), only the speed.
* ``extra_violation``: every triple with at least one word in X, counted exactly: for the j-th extra
  word e and the words u, v not among the first j extras, t(e, u, v) = popcount((P1(u) & P2(v)) |
  (P2(u) & P1(v))) with P1(u), P2(u) the coordinate bit masks where u_i = e_i + 1 and u_i = e_i + 2 (mod
  3): coordinate i separates e, u, v iff {u_i - e_i, v_i - e_i} = {1, 2}. A triple with extras is met
  with its first extra word as e, so each is counted once. A quick pass counts one 64-bit word of
  coordinates per pair (the 64 coordinates with the most pairs (1, 2) first); the count there is a lower
  bound, so only the pairs below m there are counted on all coordinates. Work: |X| N^2 / 2 pair words,
  plus ceil(n / 64) words per pair left by the quick pass.
"""
from __future__ import annotations

import numpy as np

SEED = 20261201
TRIES = 4                      # orders tried by find_core (the list's own first)
PAIR_CHUNK = 1 << 22           # pairs per block of the quick pass of extra_violation


def find_cores(digits: np.ndarray, max_rank: int, max_extra: int):
    """Yield (origin index, indices of the words whose differences from the origin form a basis of L, boolean
    mask of the words in origin + L) with at most ``max_extra`` words outside and rank <= ``max_rank``, one
    per order that finds one."""
    total = digits.shape[0]
    rng = np.random.default_rng(SEED)
    orders = [np.arange(total)] + [rng.permutation(total) for _ in range(TRIES - 1)]
    signed = digits.astype(np.int8)
    for order in orders:
        x0 = int(order[0])
        work = (signed - signed[x0]) % 3
        chosen: list[int] = []
        pos = 1
        while True:
            nonzero = work.any(axis=1)
            if int(np.count_nonzero(nonzero)) <= max_extra:
                yield x0, chosen, ~nonzero
                break
            if len(chosen) == max_rank:
                break
            while not nonzero[order[pos]]:
                pos += 1
            t = int(order[pos])
            chosen.append(t)
            row = work[t].copy()
            pivot = int(np.flatnonzero(row)[0])
            row = (row * row[pivot]) % 3                     # the pivot entry becomes 1 (1 and 2 are self-inverse)
            work = (work - work[:, pivot:pivot + 1] * row[None, :]) % 3


def _planes(rel: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The masks P1, P2 (rows x ceil(n / 64) uint64) of the relative words ``rel``. The 64 coordinates with
    the most pairs of different non-zero entries go into the first word (the quick pass reads it alone)."""
    ones, twos = (rel == 1), (rel == 2)
    score = ones.sum(axis=0, dtype=np.int64) * twos.sum(axis=0, dtype=np.int64)
    order = np.argsort(-score, kind="stable")
    ones, twos = ones[:, order], twos[:, order]
    width = -(-rel.shape[1] // 64)

    def pack(flags):
        packed = np.packbits(flags, axis=1, bitorder="little")
        pad = width * 8 - packed.shape[1]
        if pad:
            packed = np.concatenate([packed, np.zeros((packed.shape[0], pad), np.uint8)], axis=1)
        return np.ascontiguousarray(packed).view("<u8")
    return pack(ones), pack(twos)


def extra_violation(digits: np.ndarray, extras: np.ndarray, m: int) -> tuple[int, int, int] | None:
    """Positions (e, u, v) of three distinct words with fewer than m separating coordinates and e in
    ``extras``, or None when every triple through an extra word has at least m. Per block of pairs a quick
    pass counts the first 64-bit word only; the pairs below m there are counted on every word."""
    total = digits.shape[0]
    allowed = np.ones(total, bool)
    signed = digits.astype(np.int8)
    for e in (int(x) for x in extras):
        allowed[e] = False
        others = np.flatnonzero(allowed)
        if len(others) < 2:
            continue
        p1, p2 = _planes((signed[others] - signed[e]) % 3)
        q1, q2 = np.ascontiguousarray(p1[:, 0]), np.ascontiguousarray(p2[:, 0])
        rows = max(1, PAIR_CHUNK // len(others))
        for start in range(0, len(others) - 1, rows):
            stop = min(start + rows, len(others) - 1)
            quick = np.bitwise_count((q1[start:stop, None] & q2[None, start + 1:])
                                     | (q2[start:stop, None] & q1[None, start + 1:]))
            u, v = np.nonzero(quick < m)
            u, v = u + start, v + start + 1
            keep = v > u
            u, v = u[keep], v[keep]
            if len(u) == 0:
                continue
            for lo in range(0, len(u), PAIR_CHUNK // 4):
                found = _full_count(p1, p2, u[lo:lo + PAIR_CHUNK // 4], v[lo:lo + PAIR_CHUNK // 4], m)
                if found is not None:
                    return e, int(others[found[0]]), int(others[found[1]])
    return None


def _full_count(p1: np.ndarray, p2: np.ndarray, u: np.ndarray, v: np.ndarray, m: int) -> tuple[int, int] | None:
    """The first pair (u, v) of the given ones whose count over all words stays below m (word by word, the
    pairs that reach m dropped on the way)."""
    count = np.zeros(len(u), np.int64)
    for w in range(p1.shape[1]):
        count += np.bitwise_count((p1[u, w] & p2[v, w]) | (p2[u, w] & p1[v, w]))
        low = count < m
        if not low.all():
            u, v, count = u[low], v[low], count[low]
            if len(u) == 0:
                return None
    return int(u[0]), int(v[0])
