"""Deterministic constructions of small Kakeya sets in F_q^n (q odd prime) for the Kakeya controls.

A Kakeya set contains a full line {a + t v : t in F_q} in every direction v. Here a set is built by
choosing ONE line per normalised direction (first non-zero coordinate 1) and taking the union.

Methods (no randomness except the seeded local search of step 3; everything is reproducible):

1. **Recursive parabola construction** (Dvir-Kopparty-Saraf-Sudan / Saraf-Sudan type; for odd q).
   Points are (t, x) with t in F_q and x in F_q^(n-1). For the direction (1, b), b in F_q^(n-1),
   take the line L_b = {(t, b t + b*b) : t in F_q} (b*b = coordinatewise squares). A point (t, x)
   lies on some L_b iff every quadratic b_i^2 + t b_i - x_i has a root, i.e. iff t^2 + 4 x_i is a
   square (0 included) for every i, so the union M_n of these lines has q ((q+1)/2)^(n-1) points.
   The directions (0, v') are those of F_q^(n-1); they are covered by a copy {c_n} x K_(n-1) of a
   Kakeya set of dimension n-1 placed in the hyperplane t = c_n, recursively, with K_1 = F_q.
   With every c equal to 0 this gives 703, 553, 2741 points for (q, n) = (13,3), (7,4), (11,4): the
   expert references of the Kakeya controls.
2. **Choice of the hyperplanes.** The offsets (c_n, c_(n-1), ..., c_2) change the overlap between M_n
   and the lower-dimensional copies; all q^(n-1) choices are tried (first minimum in lexicographic
   order).
3. **Line-by-line local search.** Every direction keeps one line; re-choosing the line of one
   direction to add as few new points as possible, given the others, never enlarges the union
   (coordinate descent over the directions, in an order shuffled by ``random.Random(seed)``, until a
   sweep changes nothing). Then an iterated local search: re-draw the lines of ``KICK`` random
   directions, descend again, and keep the result if it is not larger; ``ROUNDS`` rounds with a fixed
   seed (``random.Random``, whose algorithms are stable across Python versions).

The union is checked by an independent plain-Python test (``is_kakeya_plain``: for every direction,
some point a of the set with a + t v in the set for all t) before a file is written.

The family's documented baseline (``endless-exam instance kakeya --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, ``build`` with ``ROUNDS`` (domain:
n >= 2).
"""
from __future__ import annotations

import itertools
import os
import random
import sys
import time

import numpy as np

from . import document, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log

INSTANCES = ((13, 3), (7, 4), (11, 4))
SEED = 20261201
ROUNDS = {(13, 3): 300, (7, 4): 300, (11, 4): 20}
KICK = 10


def normalised_directions(q: int, n: int) -> list[tuple[int, ...]]:
    out = []
    for v in itertools.product(range(q), repeat=n):
        nz = [c for c in v if c]
        if nz and nz[0] == 1:
            out.append(v)
    return out


def is_kakeya_plain(points, q: int, n: int) -> bool:
    members = set(map(tuple, points))
    if len(members) != len(points):
        return False
    for v in normalised_directions(q, n):
        if not any(all(tuple((a[c] + t * v[c]) % q for c in range(n)) in members for t in range(1, q))
                   for a in members):
            return False
    return True


# ---- step 1 and 2: the recursive parabola construction ----------------------------------------------

def parabola_lines(q: int, n: int, offsets: tuple[int, ...]) -> dict[tuple[int, ...], tuple[int, ...]]:
    """direction -> one point of its line; offsets = (c_n, ..., c_2)."""
    if n == 1:
        return {(1,): (0,)}
    sub = parabola_lines(q, n - 1, offsets[1:])
    out = {}
    for v in normalised_directions(q, n):
        if v[0] == 1:
            out[v] = (0,) + tuple((b * b) % q for b in v[1:])
        else:
            out[v] = (offsets[0],) + sub[v[1:]]
    return out


class Lines:
    """All lines of F_q^n: for direction d, row r = base point with pivot coordinate 0."""

    def __init__(self, q: int, n: int) -> None:
        self.q, self.n = q, n
        self.size = q ** n
        self.digits = np.array(list(itertools.product(range(q), repeat=n)), dtype=np.int64)
        self.weights = q ** np.arange(n - 1, -1, -1, dtype=np.int64)
        self.dirs = normalised_directions(q, n)
        t = np.arange(q, dtype=np.int64)
        self.table = []
        for v in self.dirs:
            va = np.array(v, dtype=np.int64)
            pivot = int(np.nonzero(va)[0][0])
            base = self.digits[self.digits[:, pivot] == 0]
            pts = (base[:, None, :] + t[None, :, None] * va[None, None, :]) % q
            self.table.append(pts @ self.weights)              # (q^(n-1), q) point indices

    def row_of(self, d: int, point: tuple[int, ...]) -> int:
        v = np.array(self.dirs[d], dtype=np.int64)
        p = np.array(point, dtype=np.int64)
        pivot = int(np.nonzero(v)[0][0])
        base = np.delete((p - p[pivot] * v) % self.q, pivot)
        return int(base @ (self.q ** np.arange(self.n - 2, -1, -1, dtype=np.int64))) if self.n > 1 else 0

    def union(self, choice: list[int]) -> np.ndarray:
        mask = np.zeros(self.size, dtype=np.bool_)
        for d, r in enumerate(choice):
            mask[self.table[d][r]] = True
        return mask

    def points(self, choice: list[int]) -> list[list[int]]:
        return [list(map(int, self.digits[i])) for i in np.nonzero(self.union(choice))[0]]


def best_offsets(lines: Lines) -> tuple[tuple[int, ...], int]:
    q, n = lines.q, lines.n
    best = None
    for offsets in itertools.product(range(q), repeat=n - 1):
        pts = parabola_lines(q, n, offsets)
        choice = [lines.row_of(d, pts[v]) for d, v in enumerate(lines.dirs)]
        size = int(lines.union(choice).sum())
        if best is None or size < best[1]:
            best = (offsets, size)
    return best


# ---- step 3: local search ----------------------------------------------------------------------------

def descend(lines: Lines, choice: list[int], rng: random.Random) -> tuple[list[int], int]:
    count = np.zeros(lines.size, dtype=np.int64)
    for d, r in enumerate(choice):
        count[lines.table[d][r]] += 1
    order = list(range(len(choice)))
    while True:
        changed = 0
        rng.shuffle(order)
        for d in order:
            rows = lines.table[d]
            cur = choice[d]
            count[rows[cur]] -= 1
            new = (count[rows] == 0).sum(axis=1)
            low = new.min()
            if new[cur] != low:
                cands = np.nonzero(new == low)[0]
                choice[d] = int(cands[rng.randrange(len(cands))])
                changed += 1
            count[rows[choice[d]]] += 1
        if not changed:
            return choice, int((count > 0).sum())


def local_search(lines: Lines, choice: list[int], seed: int, rounds: int, kick: int) -> tuple[list[int], int]:
    rng = random.Random(seed)
    best, best_size = descend(lines, list(choice), rng)
    per_dir = lines.q ** (lines.n - 1)
    for _ in range(rounds):
        trial = list(best)
        for d in rng.sample(range(len(trial)), min(kick, len(trial))):   # fewer directions than a kick: all of them
            trial[d] = rng.randrange(per_dir)
        trial, size = descend(lines, trial, rng)
        if size <= best_size:
            best, best_size = trial, size
    return best, best_size


def build(q: int, n: int, log=print, rounds: int | None = None) -> tuple[list[list[int]], str]:
    """The construction and its method; ``rounds`` of kicks (default ``ROUNDS[(q, n)]``)."""
    rounds = ROUNDS[(q, n)] if rounds is None else rounds
    t0 = time.time()
    lines = Lines(q, n)
    zero = parabola_lines(q, n, (0,) * (n - 1))
    size0 = int(lines.union([lines.row_of(d, zero[v]) for d, v in enumerate(lines.dirs)]).sum())
    offsets, size1 = best_offsets(lines)
    pts = parabola_lines(q, n, offsets)
    choice = [lines.row_of(d, pts[v]) for d, v in enumerate(lines.dirs)]
    choice, size2 = local_search(lines, choice, SEED, rounds, KICK)
    points = lines.points(choice)
    if len(points) != size2:
        raise RuntimeError("kakeya construction: union size mismatch")
    log(f"kakeya q={q} n={n}: parabola construction {size0} (offsets 0), {size1} (offsets {offsets}), "
        f"after local search {size2} ({time.time() - t0:.1f}s)")
    method = (f"Union of one line per direction. Start: the recursive parabola construction "
              f"(Dvir-Kopparty-Saraf-Sudan / Saraf-Sudan type) K_n = M_n u ({{c_n}} x K_(n-1)), K_1 = F_{q}, "
              f"M_n = union over b in F_{q}^{n - 1} of the lines {{(t, b t + b*b)}} = {{(t, x): t^2 + 4 x_i square "
              f"for all i}}; with all offsets 0 it has {size0} points, with the best offsets (c_n..c_2) = "
              f"{list(offsets)} {size1}. Then line-by-line local search (coordinate descent re-choosing each "
              f"direction's line to add the fewest new points; iterated with {rounds} kicks of {KICK} "
              f"random directions, random.Random({SEED})): {size2} points. See checker/constructions/kakeya.py.")
    return points, method


def fixture(q: int, n: int, points, method: str) -> dict:
    return document("kakeya", {"q": q, "n": n}, points, len(points), method)


def write_all() -> None:
    for q, n in INSTANCES:
        points, method = build(q, n)
        if not is_kakeya_plain(points, q, n):
            raise RuntimeError(f"kakeya q={q} n={n}: the construction is not a Kakeya set")
        path = write_fixture(f"q{q}_n{n}.json", fixture(q, n, points, method))
        print(f"{os.path.relpath(path)}: {len(points)} points")


def _verify(doc: dict) -> tuple[bool, str]:
    q, n = doc["params"]["q"], doc["params"]["n"]
    ok = len(doc["answer"]) == doc["objective"] and is_kakeya_plain(doc["answer"], q, n)
    return ok, f"{doc['objective']} points"


def verify_all() -> int:
    return verify_fixtures("kakeya", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

KAKEYA_ROUNDS = 100


def baseline(params: dict, log: Log) -> Baseline:
    q, n = params["q"], params["n"]
    points, method = build(q, n, log=log, rounds=ROUNDS.get((q, n), KAKEYA_ROUNDS))
    return Baseline(points, method, {"rounds": ROUNDS.get((q, n), KAKEYA_ROUNDS), "seed": SEED})


def domain(params: dict) -> str | None:
    if params["n"] < 2:
        return "the kakeya baseline (parabola lines) needs n >= 2 (for n = 1 the set is F_q itself)"
    return None


def main(argv=None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
