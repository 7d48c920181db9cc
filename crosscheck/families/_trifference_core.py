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


def cores(vecs: list[t3.Vec], max_rank: int, max_extra: int, lead: tuple[int, ...] = ()):
    """Yield (origin position, positions of the basis words, in-core flag per word), one per origin that
    gives a core. With ``lead`` (the shared admission's core: origin, then basis words) only the visit of
    those words first and then the rest in list order."""
    total = len(vecs)
    if lead:
        led = set(lead)
        visits = [list(lead) + [t for t in range(total) if t not in led]]
    else:
        tries = [0] + random.Random(SEED).sample(range(1, total), min(ORIGINS - 1, total - 1))
        visits = [[(origin + step) % total for step in range(total)] for origin in tries]
    for visit in visits:
        origin = visit[0]
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
            while residual[visit[step]] == (0, 0):
                step += 1
            pick = visit[step]
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


# ---- cores of rank <= 8: the triples through an extra word from the weights of three word sets ----------

ROWS_PER_BLOCK = 1 << 21       # table entries (alpha rows x every beta) per block of ``_weight_rows``
LIGHT_WORDS = 81               # the lightest words of g + L whose rows ``_weight_rows`` reads in full


def _grids(k: int):
    """Digit-wise addition and subtraction tables of the low 4 and the high k - 4 base-3 digits."""
    low = min(k, 4)

    def tables(digits: int):
        size = 3 ** digits
        d = (np.arange(size)[:, None] // 3 ** np.arange(digits)) % 3
        place = 3 ** np.arange(digits)
        return ((((d[:, None, :] + d[None, :, :]) % 3) * place).sum(axis=2),
                (((d[:, None, :] - d[None, :, :]) % 3) * place).sum(axis=2))
    return low, tables(low), tables(k - low)


def _weight_rows(w_g, w_code, w_neg, listed: np.ndarray, k: int, m: int, work: list | None = None):
    """Messages (alpha, beta), both listed, alpha != beta, with
        w_g[alpha] + w_g[beta] + w_code[alpha - beta] - 2 w_neg[alpha + beta] < 3m,
    or None. Rows alpha against every beta (a row and column permutation of the weight grids per row);
    which rows are read (each bound is a lower bound of the left side, so no failing pair is left out):
    LIGHT = the ``LIGHT_WORDS`` messages of least w_g, tau = the least w_g outside LIGHT,
    floor = min_{c != 0} w_code - 2 max w_neg;
    * a row alpha in LIGHT against every beta;
    * a row alpha outside LIGHT against the beta > alpha outside LIGHT (the pairs with a LIGHT word were
      read in its row), and only when w_g[alpha] + tau + floor < 3m (else w_g[beta] >= tau bounds them).
    ``work``: when a list is given, the number of table entries read is appended."""
    size = 3 ** k
    low, (add_low, sub_low), (add_high, sub_high) = _grids(k)
    wide = 3 ** low
    code_grid = w_code.reshape(size // wide, wide)
    neg_grid = w_neg.reshape(size // wide, wide)
    order = np.argsort(w_g, kind="stable")
    light = np.zeros(size, bool)
    light[order[:LIGHT_WORDS]] = True
    tau = int(w_g[order[LIGHT_WORDS]]) if size > LIGHT_WORDS else int(w_g.max())
    floor = int(w_code[1:].min()) - 2 * int(w_neg.max())
    rows = np.flatnonzero(listed & (light | (w_g + tau + floor < 3 * m)))
    step = max(1, ROWS_PER_BLOCK // size)
    beta = np.arange(size)
    read = 0
    result = None
    for start in range(0, len(rows), step):
        alpha = rows[start:start + step]
        ah, al = alpha // wide, alpha % wide
        plus = neg_grid[add_high[ah][:, :, None], add_low[al][:, None, :]].reshape(len(alpha), size)
        minus = code_grid[sub_high[ah][:, :, None], sub_low[al][:, None, :]].reshape(len(alpha), size)
        thrice = w_g[alpha][:, None] + w_g[None, :] + minus - 2 * plus
        read += thrice.size
        wanted = np.where(light[alpha][:, None], beta[None, :] != alpha[:, None],
                          (beta[None, :] > alpha[:, None]) & ~light[None, :])
        bad = (thrice < 3 * m) & listed[None, :] & wanted
        hit = np.flatnonzero(bad.any(axis=1))
        if len(hit):
            r = int(hit[0])
            result = int(alpha[r]), int(np.flatnonzero(bad[r])[0])
            break
    if work is not None:
        work.append(read)
    return result


def extra_violation_by_weights(words: list[str], vecs: list[t3.Vec], origin: int, span: list[t3.Vec],
                               in_core: list[bool], m: int) -> tuple[int, int, int] | None:
    """Positions (e, u, v) with e not in the core w_0 + L and t(e, u, v) < m, or None; L of rank k <= 8
    listed by message in ``span`` (message sum_j d_j 3^j, digit 2 meaning -r_j). The triples are met
    with their first extra word (list order) as e:
    * u, v in the core, u = w_0 + a, v = w_0 + b: with g = w_0 - e,
        3 t(e, u, v) = d(e, u) + d(e, v) + d(u, v) - 2 wt(e + u + v)
                     = wt(g + a) + wt(g + b) + wt(a - b) - 2 wt(-g + a + b)
      (per coordinate: pairwise different symbols give 3 - 0, two equal 2 - 2 since 2x + z != 0 for
      z != x, three equal 0); the weights of L and of the cosets g + L and -g + L are computed in plain
      Python once per e (3 * 3^k big-integer weights), every listed pair then reads four of them;
    * u or v a later extra word: the sum identity t = #{i : e_i + u_i + v_i = 0} - #{i : e_i = u_i = v_i}
      on the value masks of all words, one (e, x) pair against every word at a time."""
    total = len(words)
    size = len(span)
    k = 0
    while 3 ** k < size:
        k += 1
    if 3 ** k != size:
        raise RuntimeError("second trifference self-check failed: the core is not a whole span")
    where = {v: s for s, v in enumerate(span)}
    message = np.full(total, -1, np.int64)
    for t in range(total):
        if in_core[t]:
            message[t] = where[t3.minus(vecs[t], vecs[origin])]      # KeyError: a core word outside the span
    listed = np.zeros(size, bool)
    listed[message[message >= 0]] = True
    position = np.full(size, -1, np.int64)
    position[message[message >= 0]] = np.flatnonzero(message >= 0)
    w_code = np.array([t3.weight(v) for v in span], np.int32)
    extras = [t for t in range(total) if not in_core[t]]
    n = len(words[0])
    d = _matrix(words, np.arange(n))
    masks = [_planes(d == s) for s in range(3)]
    left = np.ones(total, bool)
    for j, e in enumerate(extras):
        g = t3.minus(vecs[origin], vecs[e])
        w_g = np.array([t3.weight(t3.plus(g, v)) for v in span], np.int32)
        w_neg = np.array([t3.weight(t3.minus(v, g)) for v in span], np.int32)
        pair = _weight_rows(w_g, w_code, w_neg, listed, k, m)
        if pair is not None:
            u, v = int(position[pair[0]]), int(position[pair[1]])
            if t3.separating(vecs[e], vecs[u], vecs[v]) >= m:
                raise RuntimeError("second trifference self-check failed: the weight identity disagrees with a count")
            return e, u, v
        left[e] = False
        for x in extras[j + 1:]:
            left[x] = False                                   # (x, v) with v a later extra than x only
            s = (d[e].astype(np.int16) + d[x]) % 3            # v_i must be -s_i
            count = np.zeros(total, np.int64)
            for value in range(3):
                need = _planes((((3 - s) % 3) == value)[None, :])[0]
                same = _planes(((d[e] == value) & (d[x] == value))[None, :])[0]
                count += np.bitwise_count(masks[value] & need[None, :]).sum(axis=1, dtype=np.int64)
                count -= np.bitwise_count(masks[value] & same[None, :]).sum(axis=1, dtype=np.int64)
            hit = np.flatnonzero((count < m) & left)
            if len(hit):
                return e, x, int(hit[0])
        for x in extras[j + 1:]:
            left[x] = True
    return None
