"""Local search over cyclic voltage lifts for the degree-diameter problem (used by ``degdiam``; not a generator).

A lift is given by a base multigraph on b vertices (a list of darts (u, w, a): an edge u -- w with
voltage a in Z_n; u = w is a loop) and defines the graph on the b*n vertices (u, i) numbered u*n + i,
(u, i) ~ (w, i + a). This is the construction of ``degdiam.lift_adjacency``; what is new here is how the
voltages are found: instead of drawing independent random candidates, a hill climb on the voltages
(the approach of G. Exoo's voltage-graph searches for the degree-diameter table) minimises

    cost = sum over the base vertices u of (b*n - |ball of radius k around (u, 0)|),

which is 0 iff the lift has diameter <= k (the rotation (u, i) -> (u, i + 1) is an automorphism, so one
vertex per fibre is enough). A ball is computed fibre-wise: R[w] is an n-bit integer whose bit i says
(w, i) is reached; one step ORs, over every dart, the rotation of R at one end by the voltage into R at
the other end. That is b * 2|darts| rotations of n-bit integers per level instead of a vertex-by-vertex
breadth-first search, so a candidate costs tens of microseconds.

The search (``climb``): a random connected d-regular base multigraph (``degdiam.random_base``) with
random voltages; repeatedly change one random dart's voltage to a random value and keep the change when
the cost does not increase (sideways moves allowed) and the lift stays simple and d-regular; after
``patience`` changes without a strict improvement, restart from a new base and voltages. Everything is
driven by ``random.Random(seed)`` and budgeted in candidate evaluations, so a run is reproducible on
every machine; the winning darts are returned and the graph is re-checked by both verifiers by the caller.
"""
from __future__ import annotations

import random


def _rot(x: int, a: int, n: int, full: int) -> int:
    """Rotate the n-bit integer x left by a (bit i moves to bit i + a mod n)."""
    if a == 0:
        return x
    return ((x << a) | (x >> (n - a))) & full


def simple_regular(b: int, n: int, d: int, darts) -> bool:
    """True iff the lift has no loop and no parallel edge and every vertex has degree d: the neighbour
    offsets (w, +-a) at each base vertex are d distinct pairs, none of them (u, 0) for u itself."""
    nb: list[set] = [set() for _ in range(b)]
    count = [0] * b
    for u, w, a in darts:
        nb[u].add((w, a % n))
        nb[w].add((u, (-a) % n))
        count[u] += 1
        count[w] += 1
    return all(count[u] == d and len(nb[u]) == d and (u, 0) not in nb[u] for u in range(b))


def cost(b: int, n: int, k: int, darts) -> int:
    """Number of (base vertex u, vertex y) pairs with y farther than k from (u, 0)."""
    full = (1 << n) - 1
    fwd = [(u, w, a % n, (-a) % n) for u, w, a in darts]
    missing = 0
    for src in range(b):
        R = [0] * b
        R[src] = 1
        for _ in range(k):
            new = R[:]
            for u, w, a, ma in fwd:
                ru, rw = R[u], R[w]
                if ru:
                    new[w] |= _rot(ru, a, n, full)
                if rw:
                    new[u] |= _rot(rw, ma, n, full)
            R = new
        missing += b * n - sum(r.bit_count() for r in R)
    return missing


def climb(d: int, k: int, b: int, n: int, evaluations: int, seed: int, patience: int = 2000,
          random_base=None):
    """(evaluations used, darts) of the first lift of diameter <= k found within ``evaluations`` candidate
    evaluations, or (evaluations, None). ``random_base(b, d, rnd)`` draws the base multigraph."""
    rnd = random.Random(seed)
    used = 0
    while used < evaluations:
        pairs = random_base(b, d, rnd)
        if pairs is None:
            return used, None
        darts = [[u, w, rnd.randrange(n) if u != w else rnd.randrange(1, n)] for u, w in pairs]
        tries = 0
        while not simple_regular(b, n, d, darts) and tries < 1000:
            i = rnd.randrange(len(darts))
            u, w, _ = darts[i]
            darts[i][2] = rnd.randrange(n) if u != w else rnd.randrange(1, n)
            tries += 1
        if tries >= 1000:
            continue
        current = cost(b, n, k, darts)
        used += 1
        stale = 0
        while current and used < evaluations and stale < patience:
            i = rnd.randrange(len(darts))
            u, w, old = darts[i]
            new = rnd.randrange(n) if u != w else rnd.randrange(1, n)
            if new == old:
                continue
            darts[i][2] = new
            if not simple_regular(b, n, d, darts):
                darts[i][2] = old
                continue
            c = cost(b, n, k, darts)
            used += 1
            if c <= current:
                stale = 0 if c < current else stale + 1
                current = c
            else:
                darts[i][2] = old
                stale += 1
        if current == 0:
            return used, [tuple(x) for x in darts]
    return used, None
