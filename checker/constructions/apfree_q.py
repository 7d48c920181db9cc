"""Deterministic constructions of large progression-free sets in F_q^n (q = 5, 7).

A set A of F_q^n is progression-free if it has no three distinct points x, y, z with x + z = 2y
(coordinatewise mod q). Points are written as strings of n digits.

Facts used (q odd):
* **Products.** If A is progression-free in F_q^a and B in F_q^b, then A x B is progression-free in
  F_q^(a+b): if x + z = 2y holds blockwise, then in each block the three values are all equal or
  all distinct (x = y forces z = y; x = z forces 2x = 2y, so x = y), and they are not all equal in
  both blocks, so one factor contains a progression.
* **Quadric graphs.** For a quadratic form Q on F_q^k the points (u, Q(u)) of F_q^(k+1) satisfy
  Q(a) + Q(a + 2b) - 2 Q(a + b) = 2 Q(b). So three of them with u-parts a, a + b, a + 2b form a
  progression iff Q(b) = 0. With k = 2 and Q(x, y) = x^2 - d y^2 (d the least non-square mod q,
  anisotropic) the graph is a progression-free set of q^2 points of F_q^3 (the elliptic paraboloid,
  a cap). With k = 4 and Q = x0^2 - d x1^2 + x2 x3 (elliptic: Witt index 1) the graph has progressions
  only along the (q^2 + 1)(q - 1) non-zero isotropic vectors b, and a subset S of F_q^4 without
  progressions in those directions gives a progression-free set {(u, Q(u)) : u in S}.

Instances (bench-v1 and building blocks):
* F_q^1, F_q^2: maximum progression-free sets by exhaustive branch and bound (points in
  lexicographic order, 0 fixed by translation invariance): 2 and 6 for q = 5, 3 and 10 for q = 7.
* F_q^3: the elliptic paraboloid, q^2 points (25 for q = 5, 49 for q = 7).
* (7, 4): paraboloid (49) x the maximum set of F_7 ({0, 1, 3}) = 147 points (reference 103).
* (5, 6): paraboloid x paraboloid = 625 points (reference 649, an affine chart of Edel's 675-cap).
* (5, 5): a seeded tabu local search restricted to the two layers {(u, Q(u))} and {(u, Q(u) + 1)}
  of the elliptic form Q on F_5^4 (min-conflicts moves: add the non-tabu allowed point with the
  fewest progressions through it and drop one point of each such progression; start at 0,
  ``random.Random(SEED)``, ``LS_ITERATIONS`` moves, tabu ``LS_TABU``): 178 points, 49 in the first
  layer and 129 in the second (reference 194, an affine chart of Edel's 195-cap in PG(5,5)).
  Restricting to the graph of Q alone gives 170; other seeds give 166..178; the whole space, 134.

Every set is checked by an independent plain-Python test (``is_progression_free_plain``: all
unordered pairs, midpoint (x + z)(q + 1)/2 not in the set) before it is written.

The family's documented baseline (``endless-exam instance apfree_q --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, the largest product of the maximum
sets of F_q^1, F_q^2 and the paraboloid of F_q^3 (domain: at most 20,000 points).
"""
from __future__ import annotations

import itertools
import os
import random
import sys
import time

import numpy as np

from . import document, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log, MAX_POINTS, best_product

SEED = 1
LS_ITERATIONS = 100_000
LAYERS = (0, 1)            # the graph of Q and of Q + 1
LS_TABU = 10


def is_progression_free_plain(points: list[str], q: int) -> bool:
    pts = [tuple(int(c) for c in p) for p in points]
    members = set(pts)
    if len(members) != len(pts):
        return False
    half = (q + 1) // 2
    for x, z in itertools.combinations(pts, 2):
        if tuple(((a + b) * half) % q for a, b in zip(x, z)) in members:
            return False
    return True


def to_strings(vectors) -> list[str]:
    return sorted("".join(str(int(c)) for c in v) for v in vectors)


def least_nonsquare(q: int) -> int:
    squares = {(a * a) % q for a in range(q)}
    return next(a for a in range(1, q) if a not in squares)


# ---- exhaustive optimum in small dimension ------------------------------------------------------------

def exhaustive_max(q: int, n: int) -> list[str]:
    """A maximum progression-free set of F_q^n containing 0 (branch and bound over bitsets)."""
    pts = list(itertools.product(range(q), repeat=n))
    index = {p: i for i, p in enumerate(pts)}
    half = (q + 1) // 2
    size = len(pts)
    # forbid[i][j]: points completing a progression with i and j (as the middle or as an end)
    forbid = [[0] * size for _ in range(size)]
    for i, a in enumerate(pts):
        for j, b in enumerate(pts):
            if i != j:
                mid = index[tuple(((x + y) * half) % q for x, y in zip(a, b))]
                e1 = index[tuple((2 * y - x) % q for x, y in zip(a, b))]
                e2 = index[tuple((2 * x - y) % q for x, y in zip(a, b))]
                forbid[i][j] = (1 << mid) | (1 << e1) | (1 << e2)
    best: list[int] = []
    chosen = [0]

    def rec(cand: int) -> None:
        nonlocal best
        if len(chosen) > len(best):
            best = list(chosen)
        c = cand
        while c:
            if len(chosen) + bin(c).count("1") <= len(best):
                return
            p = (c & -c).bit_length() - 1
            c &= c - 1
            nxt = c
            for x in chosen:
                nxt &= ~forbid[p][x]
            chosen.append(p)
            rec(nxt)
            chosen.pop()

    rec(((1 << size) - 1) & ~1)
    return to_strings(pts[i] for i in best)


# ---- quadric constructions -----------------------------------------------------------------------------

def paraboloid(q: int) -> list[str]:
    d = least_nonsquare(q)
    return to_strings((x, y, (x * x - d * y * y) % q) for x in range(q) for y in range(q))


def product(*factors: list[str]) -> list[str]:
    return sorted("".join(parts) for parts in itertools.product(*factors))


class _Space:
    def __init__(self, q: int, n: int) -> None:
        self.q, self.n, self.size = q, n, q ** n
        self.digits = np.array(list(itertools.product(range(q), repeat=n)), dtype=np.int64)
        self.weights = q ** np.arange(n - 1, -1, -1, dtype=np.int64)
        self.half = (q + 1) // 2

    def index(self, digits: np.ndarray) -> np.ndarray:
        return (digits % self.q) @ self.weights


def _add_conflicts(sp: _Space, count: np.ndarray, members: np.ndarray, p: int, sign: int) -> None:
    """Update count[x] = number of progressions {x, a, b} with a, b in the set, for p entering/leaving."""
    if len(members) == 0:
        return
    a = sp.digits[members]
    pd = sp.digits[p]
    np.add.at(count, sp.index((a + pd) * sp.half), sign)      # x the middle of p and a
    np.add.at(count, sp.index(2 * pd - a), sign)               # p the middle
    np.add.at(count, sp.index(2 * a - pd), sign)               # a the middle


def tabu_search(sp: _Space, allowed: np.ndarray, start: int, iterations: int, seed: int, tabu: int) -> list[int]:
    rng = random.Random(seed)
    inside = np.zeros(sp.size, dtype=np.bool_)
    count = np.zeros(sp.size, dtype=np.int64)
    members: list[int] = []

    def members_array() -> np.ndarray:
        return np.array(sorted(members), dtype=np.int64)

    def add(p: int) -> None:
        _add_conflicts(sp, count, members_array(), p, +1)
        members.append(p)
        inside[p] = True

    def remove(p: int) -> None:
        members.remove(p)
        inside[p] = False
        _add_conflicts(sp, count, members_array(), p, -1)

    add(start)
    best = list(members)
    until = np.full(sp.size, -1, dtype=np.int64)
    for it in range(iterations):
        ok = allowed & ~inside & (until < it)
        if not ok.any():
            break
        low = count[ok].min()
        cands = np.nonzero(ok & (count == low))[0]
        p = int(cands[rng.randrange(len(cands))])
        arr = members_array()
        a = sp.digits[arr]
        pd = sp.digits[p]
        drop: set[int] = set()
        for other in (sp.index(2 * a - pd), sp.index((a + pd) * sp.half), sp.index(2 * pd - a)):
            hit = inside[other]
            for x, z in zip(arr[hit].tolist(), other[hit].tolist()):
                if x not in drop and z not in drop:
                    drop.add(rng.choice((x, z)))
        for r in sorted(drop):
            remove(r)
            until[r] = it + tabu
        add(p)
        if len(members) > len(best):
            best = list(members)
    return sorted(best)


def elliptic_layers_search(q: int) -> list[str]:
    d = least_nonsquare(q)
    sp = _Space(q, 5)
    u = np.array(list(itertools.product(range(q), repeat=4)), dtype=np.int64)
    value = (u[:, 0] ** 2 - d * u[:, 1] ** 2 + u[:, 2] * u[:, 3]) % q
    allowed = np.zeros(sp.size, dtype=np.bool_)
    for shift in LAYERS:
        allowed[np.concatenate([u, ((value + shift) % q)[:, None]], axis=1) @ sp.weights] = True
    chosen = tabu_search(sp, allowed, 0, LS_ITERATIONS, SEED, LS_TABU)
    return to_strings(sp.digits[chosen])


# ---- fixtures --------------------------------------------------------------------------------------------

def build_all(log=print) -> dict[tuple[int, int], tuple[list[str], str]]:
    out: dict[tuple[int, int], tuple[list[str], str]] = {}
    for q in (5, 7):
        for n in (1, 2):
            t0 = time.time()
            out[(q, n)] = (exhaustive_max(q, n),
                           f"Maximum progression-free set of F_{q}^{n} by exhaustive branch and bound "
                           f"(points in lexicographic order, 0 fixed by translation invariance); first optimum found.")
            log(f"q={q} n={n}: {len(out[(q, n)][0])} ({time.time() - t0:.1f}s)")
        d = least_nonsquare(q)
        out[(q, 3)] = (paraboloid(q), f"Elliptic paraboloid {{(x, y, x^2 - {d} y^2)}} of F_{q}^3 ({d} the least "
                       f"non-square mod {q}): q^2 points, a cap, hence progression-free.")
    p7, one7 = out[(7, 3)][0], out[(7, 1)][0]
    out[(7, 4)] = (product(p7, one7), f"Product of the elliptic paraboloid of F_7^3 ({len(p7)} points) and the "
                   f"maximum progression-free set {one7} of F_7 (a product of progression-free sets is progression-free).")
    p5 = out[(5, 3)][0]
    out[(5, 6)] = (product(p5, p5), f"Product of two elliptic paraboloids of F_5^3 ({len(p5)} x {len(p5)} points).")
    t0 = time.time()
    out[(5, 5)] = (elliptic_layers_search(5),
                   "Tabu min-conflicts local search (start 0, random.Random(" f"{SEED}), {LS_ITERATIONS} moves, tabu "
                   f"{LS_TABU}) restricted to the layers {{(u, Q(u) + s) : u in F_5^4}}, s in {list(LAYERS)}, of the "
                   "elliptic form Q = u0^2 - 2 u1^2 + u2 u3 (on one layer a progression needs an isotropic step, "
                   "Q(a) + Q(a + 2b) - 2 Q(a + b) = 2 Q(b)). See checker/constructions/apfree_q.py.")
    log(f"q=5 n=5: {len(out[(5, 5)][0])} ({time.time() - t0:.1f}s)")
    return out


def write_all() -> None:
    for (q, n), (points, method) in sorted(build_all().items()):
        if not all(len(p) == n for p in points) or not is_progression_free_plain(points, q):
            raise RuntimeError(f"q={q} n={n}: the construction is not progression-free")
        doc = document("apfree_q", {"q": q, "n": n}, points, len(points), method)
        path = write_fixture(f"q{q}_n{n}.json", doc)
        print(f"{os.path.relpath(path)}: {len(points)} points")


def _verify(doc: dict) -> tuple[bool, str]:
    q, n = doc["params"]["q"], doc["params"]["n"]
    pts = doc["answer"]
    ok = (len(pts) == doc["objective"] <= 20_000
          and all(type(p) is str and len(p) == n and set(p) <= set("0123456789"[:q]) for p in pts)
          and is_progression_free_plain(pts, q))
    return ok, f"{len(pts)} points"


def verify_all() -> int:
    return verify_fixtures("apfree_q", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

def _apfree_factors(q: int) -> dict[int, list[str]]:
    return {1: exhaustive_max(q, 1), 2: exhaustive_max(q, 2), 3: paraboloid(q)}


def baseline(params: dict, log: Log) -> Baseline:
    q, n = params["q"], params["n"]
    factors = _apfree_factors(q)
    size, parts = best_product({k: len(v) for k, v in factors.items()}, n, MAX_POINTS)
    points = product(*[factors[p] for p in parts])
    return Baseline(sorted(points), f"Product of progression-free sets (a product is progression-free): "
                                    f"{' x '.join(f'F_{q}^{p} ({len(factors[p])})' for p in parts)} = {size} points, the "
                                    f"largest product of the maximum sets of F_{q}^1, F_{q}^2 (exhaustive branch and "
                                    f"bound) and the elliptic paraboloid of F_{q}^3 (q^2 points); "
                                    f"checker/constructions/apfree_q.py.", {"parts": parts})


def domain(params: dict) -> str | None:
    if params["n"] > 15:          # every product has at least 2^n > 20,000 points; the DP is not run for large n
        return f"the apfree_q baseline (products) needs at most {MAX_POINTS:,} points"
    sizes = {1: 2 if params["q"] == 3 else (params["q"] + 1) // 2, 3: params["q"] ** 2}
    sizes[2] = {3: 4, 5: 6, 7: 10}[params["q"]]
    if best_product(sizes, params["n"], MAX_POINTS) is None:
        return f"the apfree_q baseline (products) needs at most {MAX_POINTS:,} points"
    return None


def main(argv=None) -> int:
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
