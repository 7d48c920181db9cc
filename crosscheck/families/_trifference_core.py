"""Near-affine lists for the second ``trifference`` verifier (plain Python and numpy; written apart from
the primary): a core affine subspace holding all but a few words, and the triples through the others.

* ``cores``: origins are tried in a seeded order (the first word first); from an origin w_0 the words are
  visited cyclically from the next one, and every word whose difference from w_0 is not in the span so
  far joins the basis. Each basis row is eliminated from the residuals of all words at once (plain
  Python bit-sliced integers of ``_ternary``, one big-integer pair per word), so "residual zero" is
  exactly "in w_0 + L". The attempt stops when at most ``max_extra`` words have a non-zero residual, or
  when the rank limit is passed. Which core is found never changes a verdict, only the speed.
* ``extra_violation``: every triple with a word e among the extras (taken in order; the other two words
  not among the earlier extras) is counted exactly with the identity
  t(e, u, v) = #{i : e_i + u_i + v_i = 0 mod 3} - #{i : e_i = u_i = v_i}
  (a coordinate with sum 0 holds three equal or three different symbols), on bit-sliced words:
  with a = u + e, coordinate i has sum 0 iff v_i = -a_i. A first pass counts one 64-bit word of
  coordinates only (the count on a subset of coordinates is a lower bound); the pairs below m there
  are counted on every word.
"""
from __future__ import annotations

import random

import numpy as np

from . import _ternary as t3

SEED = 4711
ORIGINS = 4
PAIRS_PER_BLOCK = 1 << 22


def cores(vecs: list[t3.Vec], max_rank: int, max_extra: int):
    """Yield (origin position, positions of the basis words, in-core flag per word), one per origin that
    gives a core."""
    total = len(vecs)
    tries = [0] + random.Random(SEED).sample(range(1, total), min(ORIGINS - 1, total - 1))
    for origin in tries:
        residual = [t3.minus(v, vecs[origin]) for v in vecs]
        basis: list[int] = []
        step = 1
        while True:
            outside = [t for t in range(total) if residual[t] != (0, 0)]
            if len(outside) <= max_extra:
                yield origin, basis, [r == (0, 0) for r in residual]
                break
            if len(basis) == max_rank:
                break
            while residual[(origin + step) % total] == (0, 0):
                step += 1
            pick = (origin + step) % total
            basis.append(pick)
            row = residual[pick]
            bit = (row[0] | row[1]) & -(row[0] | row[1])
            if row[1] & bit:
                row = t3.neg(row)                          # the lowest coordinate becomes 1
            for t in outside:
                r = residual[t]
                if r[0] & bit:
                    residual[t] = t3.minus(r, row)
                elif r[1] & bit:
                    residual[t] = t3.plus(r, row)


def _matrix(words: list[str], order: np.ndarray) -> np.ndarray:
    raw = np.frombuffer("".join(words).encode("ascii"), dtype=np.uint8).reshape(len(words), -1) - np.uint8(48)
    return raw[:, order]


def _planes(flags: np.ndarray) -> np.ndarray:
    width = -(-flags.shape[1] // 64)
    full = np.zeros((flags.shape[0], width * 64), bool)
    full[:, :flags.shape[1]] = flags
    weights = np.uint64(1) << np.arange(64, dtype=np.uint64)
    return (full.reshape(len(flags), width, 64) * weights).sum(axis=2, dtype=np.uint64)


def extra_violation(words: list[str], in_core: list[bool], m: int) -> tuple[int, int, int] | None:
    """Positions (e, u, v) with e not in the core and t(e, u, v) < m, or None."""
    total = len(words)
    extras = [t for t in range(total) if not in_core[t]]
    if not extras:
        return None
    n = len(words[0])
    d0 = _matrix(words, np.arange(n))
    left = np.ones(total, bool)
    for e in extras:
        left[e] = False
        rest = np.flatnonzero(left)
        if len(rest) < 2:
            continue
        d = d0[rest]
        de = d0[e]
        # the coordinates where most pairs (u, v) could be separated go first (the quick pass reads them)
        differ = (d != de[None, :])
        order = np.argsort(-(differ.sum(axis=0, dtype=np.int64) ** 2), kind="stable")
        d, de = d[:, order], de[order]
        a = (d + de[None, :]) % 3                                    # a = u + e
        neg = (3 - d) % 3                                            # -v
        A1, A2 = _planes(a == 1), _planes(a == 2)
        N1, N2 = _planes(neg == 1), _planes(neg == 2)
        Z = _planes(neg == 0)                                        # -v_i = 0
        AZ = _planes(a == 0)
        E = _planes(d == de[None, :])                                # u_i = e_i
        found = _scan_pairs(A1, A2, AZ, N1, N2, Z, E, m)
        if found is not None:
            return e, int(rest[found[0]]), int(rest[found[1]])
    return None


def _t(A1, A2, AZ, N1, N2, Z, E, u, v, w):
    """t(e, u, v) on 64-bit word w: sum zero (v_i = -a_i) minus all equal."""
    zero = (A1[u, w] & N1[v, w]) | (A2[u, w] & N2[v, w]) | (AZ[u, w] & Z[v, w])
    return np.bitwise_count(zero).astype(np.int64) - np.bitwise_count(E[u, w] & E[v, w]).astype(np.int64)


def _scan_pairs(A1, A2, AZ, N1, N2, Z, E, m: int) -> tuple[int, int] | None:
    size, width = A1.shape
    rows = max(1, PAIRS_PER_BLOCK // size)
    for lo in range(0, size - 1, rows):
        hi = min(lo + rows, size - 1)
        u = np.arange(lo, hi)[:, None]
        v = np.arange(lo + 1, size)[None, :]
        zero = ((A1[lo:hi, None, 0] & N1[None, lo + 1:, 0]) | (A2[lo:hi, None, 0] & N2[None, lo + 1:, 0])
                | (AZ[lo:hi, None, 0] & Z[None, lo + 1:, 0]))
        quick = np.bitwise_count(zero).astype(np.int16) - np.bitwise_count(E[lo:hi, None, 0] & E[None, lo + 1:, 0])
        cu, cv = np.nonzero((quick < m) & (v > u))
        cu, cv = cu + lo, cv + lo + 1
        for start in range(0, len(cu), PAIRS_PER_BLOCK // 4):
            pu, pv = cu[start:start + PAIRS_PER_BLOCK // 4], cv[start:start + PAIRS_PER_BLOCK // 4]
            total = np.zeros(len(pu), np.int64)
            for w in range(width):
                total += _t(A1, A2, AZ, N1, N2, Z, E, pu, pv, w)
                low = total < m
                pu, pv, total = pu[low], pv[low], total[low]
                if len(pu) == 0:
                    break
            if len(pu):
                return int(pu[0]), int(pv[0])
    return None
