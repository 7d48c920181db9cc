"""Deterministic constructions of large graphs of given maximum degree d and diameter k (``degdiam``).

Two families of graphs are searched, both with a random generator ``random.Random(seed)`` and a fixed
number of candidates, so every fixture is reproducible:

1. **Cyclic voltage lifts.** A base multigraph B on b vertices (loops and parallel edges allowed, every
   vertex of degree d when a loop counts twice, connected) and a voltage a_e in Z_n on every edge
   e = (u, w) define the lift on the b*n vertices (u, i), numbered u*n + i: (u, i) ~ (w, i + a_e) for
   all i. The lift is a simple d-regular graph when no loop has voltage 0 and no two darts at a vertex
   give the same neighbour (checked). The map (u, i) -> (u, i + 1) is an automorphism, so every fibre
   {(u, i)} has a single eccentricity, and the diameter is <= k iff the breadth-first search from
   (u, 0) reaches all b*n vertices within k steps for each of the b base vertices u.
   A candidate is drawn as follows: B is a random pairing of the b*d half-edges (re-drawn until
   connected, at most 100 draws), each non-loop voltage uniform in 0..n-1 and each loop voltage
   uniform in 1..n-1 (the method of voltage-graph searches used by G. Exoo and others for the
   degree-diameter table).
2. **Cayley graphs of metacyclic groups** G = Z_m x|_r Z_s (r^s = 1 mod m, gcd(r, m) = 1; r = 1 is the
   direct product), elements (a, b) numbered a*s + b, (a, b)(c, e) = (a + r^b c, b + e). A connection set
   S = S^(-1) of d elements (t involutions, t of the parity of d, and pairs {x, x^-1}) gives the Cayley
   graph x ~ x*g; it is vertex transitive (left multiplication is an automorphism), so the diameter is
   the eccentricity of the identity: one breadth-first search. A candidate: a random group among all
   (m, s, r) with m*s = V (in the order of ``groups``), a random number t of involutions among the
   feasible ones, t random involutions, then random elements with their inverses until |S| = d.
   When r = 1 the graph is the Cayley graph of Z_m x Z_s and is written in the family's Cayley form.

``PLAN`` records, per instance, the method, its parameters, the seed and the number of candidates
after which the seeded search finds the graph; these came from a scan (``scan``) that, for each
order V in increasing steps of about 4 %, tried 20,000 metacyclic candidates and 10,000 lifts for each
base size b in {2, 4, 6, 8, 3, 1} dividing V, and stopped after three consecutive orders without
success; a second pass (``scan_from``) then tried every order above that best one for 150 s per
bench-v1 instance. The generator replays exactly the seeded searches that succeeded (a few seconds) and
checks the graphs;
``--scan d k start`` and ``--scan-from d k start seconds`` rerun the two passes. The published records (Comellas table) are not reached by these
bounded searches; each fixture's ``method`` states its order against the reference.

The family's documented baseline (``endless-exam instance degdiam --baseline``; registry ``baselines.py``):
``baseline(params, log)`` and ``domain(params)`` at the end of this module, the cycle or complete graph for d
<= 2 or k = 1, else the seeded order scan of ``attempt`` (domain: the fallback K_(d+1) has at most 2,200
vertices).
"""
from __future__ import annotations

import json
import random
import sys
import time
from math import gcd
from typing import Any

from . import both_verifiers, document, require, run_generator, verify_fixtures, write_fixture
from ._baseline import Baseline, Log

# ---- voltage lifts ------------------------------------------------------------------------------------


def lift_adjacency(b: int, n: int, darts) -> list[set[int]] | None:
    """Neighbour sets of the lift, or None if a loop has voltage 0 (it would be a loop of the graph)."""
    adj: list[set[int]] = [set() for _ in range(b * n)]
    for u, w, a in darts:
        for i in range(n):
            x, y = u * n + i, w * n + (i + a) % n
            if x == y:
                return None
            adj[x].add(y)
            adj[y].add(x)
    return adj


def ball_size(neighbours, source: int, k: int, V: int) -> int:
    """Number of vertices within k steps of ``source`` (``neighbours(x)`` lists the neighbours of x)."""
    seen = bytearray(V)
    seen[source] = 1
    frontier = [source]
    count = 1
    for _ in range(k):
        nxt = []
        for x in frontier:
            for y in neighbours(x):
                if not seen[y]:
                    seen[y] = 1
                    nxt.append(y)
        count += len(nxt)
        frontier = nxt
        if count == V:
            break
    return count


def random_base(b: int, d: int, rnd: random.Random):
    """A random connected d-regular multigraph on b vertices (pairs (u, w), u <= w), or None."""
    for _ in range(100):
        stubs = [v for v in range(b) for _ in range(d)]
        rnd.shuffle(stubs)
        pairs = [(min(stubs[i], stubs[i + 1]), max(stubs[i], stubs[i + 1])) for i in range(0, len(stubs), 2)]
        parent = list(range(b))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        for u, w in pairs:
            parent[find(u)] = find(w)
        if len({find(v) for v in range(b)}) == 1:
            return pairs
    return None


def lift_search(d: int, k: int, b: int, n: int, tries: int, seed: int):
    """(candidate index, darts) of the first lift with degree d and diameter <= k among ``tries``, or None."""
    rnd = random.Random(seed)
    V = b * n
    for t in range(tries):
        pairs = random_base(b, d, rnd)
        if pairs is None:
            return None
        darts = [(u, w, rnd.randrange(n) if u != w else rnd.randrange(1, n)) for u, w in pairs]
        adj = lift_adjacency(b, n, darts)
        if adj is None or any(len(adj[u * n]) != d for u in range(b)):
            continue
        if all(ball_size(adj.__getitem__, u * n, k, V) == V for u in range(b)):
            return t, darts
    return None


# ---- metacyclic Cayley graphs -------------------------------------------------------------------------

def groups(V: int) -> list[tuple[int, int, int]]:
    """All (m, s, r) with m*s = V, 1 <= r < m, gcd(r, m) = 1 and r^s = 1 mod m (r = 1 when m = 1)."""
    out = []
    for s in range(1, V + 1):
        if V % s:
            continue
        m = V // s
        for r in range(1, max(2, m)):
            if m == 1 and r > 1:
                break
            if gcd(r, m) == 1 and pow(r, s, m) == 1 % m:
                out.append((m, s, r))
    return out


class Metacyclic:
    def __init__(self, m: int, s: int, r: int) -> None:
        self.m, self.s, self.r = m, s, r
        self.V = m * s
        self.powers = [pow(r, b, m) for b in range(s)]

    def mul(self, x: int, y: int) -> int:
        a, b = divmod(x, self.s)
        c, e = divmod(y, self.s)
        return ((a + self.powers[b] * c) % self.m) * self.s + (b + e) % self.s

    def inv(self, x: int) -> int:
        a, b = divmod(x, self.s)
        binv = (-b) % self.s
        return ((-self.powers[binv] * a) % self.m) * self.s + binv

    def involutions(self) -> list[int]:
        return [x for x in range(1, self.V) if self.mul(x, x) == 0]

    def ball(self, gens, k: int) -> int:
        return ball_size(lambda x: [self.mul(x, g) for g in gens], 0, k, self.V)


def cayley_search(d: int, k: int, V: int, tries: int, seed: int):
    """(candidate index, (m, s, r), connection set) of the first metacyclic Cayley graph of order V,
    degree d and diameter <= k among ``tries`` candidates, or None."""
    rnd = random.Random(seed)
    found = [Metacyclic(*p) for p in groups(V)]
    invs = [G.involutions() for G in found]
    for t in range(tries):
        gi = rnd.randrange(len(found))
        G, inv = found[gi], invs[gi]
        options = [c for c in range(d % 2, d + 1, 2) if c <= len(inv)]
        if not options:
            continue
        gens = set(rnd.sample(inv, rnd.choice(options)))
        guard = 0
        while len(gens) < d and guard < 100:
            guard += 1
            x = rnd.randrange(1, V)
            xi = G.inv(x)
            if x == xi or x in gens:
                continue
            gens.add(x)
            gens.add(xi)
        if len(gens) != d:
            continue
        if G.ball(sorted(gens), k) == V:
            return t, (G.m, G.s, G.r), sorted(gens)
    return None


def cayley_edges(G: Metacyclic, gens) -> list[list[int]]:
    return sorted({tuple(sorted((x, G.mul(x, g)))) for x in range(G.V) for g in gens})


# ---- the scan (exploration) and the plan --------------------------------------------------------------

BASES = (2, 4, 6, 8, 3, 1)


def attempt(d: int, k: int, V: int, budget: int):
    hit = cayley_search(d, k, V, budget, 1)
    if hit:
        return {"method": "cayley", "V": V, "group": list(hit[1]), "seed": 1, "candidate": hit[0]}
    for b in BASES:
        if V % b or V // b < 3 or (d * b) % 2:
            continue
        hit = lift_search(d, k, b, V // b, budget // 2, 1)
        if hit:
            return {"method": "lift", "V": V, "b": b, "n": V // b, "seed": 1, "candidate": hit[0]}
    return None


def scan(d: int, k: int, start: int, budget: int = 20_000) -> dict | None:
    V, best, fails = start, None, 0
    while fails < 3 and V <= 4000:
        hit = attempt(d, k, V, budget)
        print(("found " if hit else "none  ") + f"d={d} k={k} V={V} {json.dumps(hit) if hit else ''}", flush=True)
        if hit:
            best, fails, V = hit, 0, max(V + 1, int(V * 1.04))
        else:
            fails, V = fails + 1, V + 1
    return best


def scan_from(d: int, k: int, start: int, seconds: float, budget: int = 20_000) -> dict | None:
    """The second pass: every order from ``start`` upwards until the time is up; the last success."""
    started, V, best = time.perf_counter(), start, None
    while time.perf_counter() - started < seconds and V <= 4000:
        hit = attempt(d, k, V, budget)
        if hit:
            best = hit
            print(f"found d={d} k={k} V={V} {json.dumps(hit)}", flush=True)
        V += 1
    return best


# (d, k) -> the successful seeded search found by ``scan`` or ``scan_from`` (see the module docstring)
PLAN: dict[tuple[int, int], dict[str, Any]] = {
    (3, 4): {"method": "lift", "V": 32, "b": 8, "n": 4, "seed": 1, "candidate": 3355},
    (3, 6): {"method": "lift", "V": 96, "b": 6, "n": 16, "seed": 1, "candidate": 260},
    (3, 7): {"method": "lift", "V": 174, "b": 6, "n": 29, "seed": 1, "candidate": 3458},
    (3, 8): {"method": "lift", "V": 228, "b": 4, "n": 57, "seed": 1, "candidate": 970},
    (3, 10): {"method": "cayley", "V": 550, "group": [55, 10, 24], "seed": 1, "candidate": 10},
    (4, 4): {"method": "lift", "V": 87, "b": 3, "n": 29, "seed": 1, "candidate": 6740},
    (4, 5): {"method": "cayley", "V": 205, "group": [41, 5, 10], "seed": 1, "candidate": 0},
    (4, 6): {"method": "lift", "V": 380, "b": 4, "n": 95, "seed": 1, "candidate": 4797},
    (4, 7): {"method": "lift", "V": 832, "b": 8, "n": 104, "seed": 1, "candidate": 2636},
    (5, 4): {"method": "cayley", "V": 210, "group": [35, 6, 4], "seed": 1, "candidate": 2481},
    (6, 3): {"method": "lift", "V": 98, "b": 2, "n": 49, "seed": 1, "candidate": 597},
    (7, 3): {"method": "cayley", "V": 140, "group": [35, 4, 27], "seed": 1, "candidate": 4389},
}

REFERENCES = {(4, 5): 364, (7, 3): 168, (4, 4): 104, (3, 7): 196, (6, 3): 111, (5, 4): 212, (3, 6): 132,
              (3, 4): 38}


def build(d: int, k: int, entry: dict) -> tuple[Any, int, str]:
    """(answer, V, method text) of a PLAN entry, rebuilt by its seeded search."""
    V, seed, cand = entry["V"], entry["seed"], entry["candidate"]
    ref = REFERENCES.get((d, k))
    versus = (f" The published order (Comellas degree-diameter table) is {ref}; this bounded search reaches "
              f"{V} (ratio {V}/{ref} = {V / ref:.3f})." if ref else
              " The suites record no reference for this instance.")
    if entry["method"] == "lift":
        b, n = entry["b"], entry["n"]
        hit = lift_search(d, k, b, n, cand + 1, seed)
        require(hit is not None and hit[0] == cand, f"lift search for ({d},{k}) did not replay")
        adj = lift_adjacency(b, n, hit[1])
        edges = sorted({(min(x, y), max(x, y)) for x in range(V) for y in adj[x]})
        method = (f"cyclic voltage lift: base multigraph on {b} vertices with voltages in Z_{n} (darts (u, w, a): "
                  f"{json.dumps(hit[1])}), vertex (u, i) numbered u*{n} + i; found as candidate {cand} of the seeded "
                  f"search (random.Random({seed})) of ``lift_search(d={d}, k={k}, b={b}, n={n})``; diameter checked "
                  f"from one vertex per fibre (the lift is Z_{n}-symmetric).")
        return [list(e) for e in edges], V, method + versus
    m, s, r = entry["group"]
    hit = cayley_search(d, k, V, cand + 1, seed)
    require(hit is not None and hit[0] == cand and list(hit[1]) == [m, s, r], f"Cayley search for ({d},{k}) did not replay")
    G = Metacyclic(m, s, r)
    gens = hit[2]
    kind = "Z_{m} x Z_{s} (abelian)" if r == 1 else f"the metacyclic group Z_{m} x|_{r} Z_{s}"
    method = (f"Cayley graph of {kind}".replace("{m}", str(m)).replace("{s}", str(s))
              + f", elements (a, b) numbered a*{s} + b, (a, b)(c, e) = (a + {r}^b c mod {m}, b + e mod {s}), "
              f"connection set {gens}; found as candidate {cand} of the seeded search (random.Random({seed})) of "
              f"``cayley_search(d={d}, k={k}, V={V})``; diameter = eccentricity of the identity (vertex transitive).")
    if r == 1:
        answer = {"cayley": {"moduli": [m, s], "generators": [list(divmod(x, s)) for x in gens]}}
        return answer, V, method + " Written in the Cayley form of the family (moduli [m, s])." + versus
    return [list(e) for e in cayley_edges(G, gens)], V, method + versus


def petersen() -> list[list[int]]:
    outer = [(i, (i + 1) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    return [list(e) for e in sorted((min(u, v), max(u, v)) for u, v in outer + spokes + inner)]


def hoffman_singleton() -> list[list[int]]:
    """Robertson's construction: pentagons P_h (vertex 5h + j, j ~ j +- 1) and pentagrams Q_i (vertex
    25 + 5i + j, j ~ j +- 2), h, i, j in Z_5, and P_h[j] ~ Q_i[h i + j]."""
    edges = set()
    for h in range(5):
        for j in range(5):
            edges.add((5 * h + j, 5 * h + (j + 1) % 5))
            edges.add((25 + 5 * h + j, 25 + 5 * h + (j + 2) % 5))
            for i in range(5):
                edges.add((5 * h + j, 25 + 5 * i + (h * i + j) % 5))
    return [list(e) for e in sorted((min(u, v), max(u, v)) for u, v in edges)]


# explicit graphs (not searched): file name -> (params, answer, method)
EXPLICIT = {
    "d3_k2_petersen.json": ({"d": 3, "k": 2}, petersen(),
                            "the Petersen graph (outer 5-cycle, spokes, inner pentagram): the Moore graph of degree 3 "
                            "and diameter 2, 10 vertices = the Moore bound."),
    "d7_k2_hoffman_singleton.json": ({"d": 7, "k": 2}, hoffman_singleton(),
                                     "the Hoffman-Singleton graph (A. J. Hoffman and R. R. Singleton, IBM J. Res. Dev. 4 "
                                     "(1960) 497-504) in Robertson's pentagon/pentagram construction: pentagons P_h, "
                                     "pentagrams Q_i, P_h[j] ~ Q_i[h i + j mod 5]; the Moore graph of degree 7 and "
                                     "diameter 2, 50 vertices = the Moore bound."),
    "d4_k2_circulant13.json": ({"d": 4, "k": 2}, {"cayley": {"moduli": [13], "generators": [[1], [5]]}},
                               "the circulant C_13(1, 5) in the Cayley form: 13 = 2k^2 + 2k + 1 vertices, the largest "
                               "abelian Cayley graph of degree 4 and diameter 2."),
}


def _verified_objective(params: dict, answer) -> int:
    res = both_verifiers("degdiam", params, answer)
    require(res.valid, f"verifiers disagree or reject: {res.primary.message} / {res.second.message}")
    return res.objective


def write_all() -> None:
    for name, (params, answer, method) in EXPLICIT.items():
        objective = _verified_objective(params, answer)
        print(f"{name}: V = {objective} -> {write_fixture(name, document('degdiam', params, answer, objective, method))}")
    for (d, k), entry in PLAN.items():
        started = time.perf_counter()
        answer, V, method = build(d, k, entry)
        params = {"d": d, "k": k}
        objective = _verified_objective(params, answer)
        require(objective == V, f"({d},{k}): objective {objective} != {V}")
        path = write_fixture(f"d{d}_k{k}.json", document("degdiam", params, answer, objective, method))
        print(f"(d={d}, k={k}): V = {V} -> {path} ({time.perf_counter() - started:.1f} s)")


def _verify(doc: dict) -> tuple[bool, str]:
    from endless_exam.checker.families import load as load_primary
    v = load_primary("degdiam").check(doc["params"], doc["answer"])
    return v.valid and v.objective == doc["objective"], f"(d={doc['params']['d']}, k={doc['params']['k']}) V={v.objective}"


def verify_all() -> int:
    return verify_fixtures("degdiam", _verify)


# ---- the documented baseline and its domain (the registry is baselines.py) ------------------------------

DEGDIAM_TRIES = 2_000


# the largest K_V written: its edge list as JSON with the default separators is 31.4 MB, 2 MB below the
# 32 MiB answer limit (K_2234 would take 32.4 MB), with 2,418,900 <= MAX_EDGES edges and 5 primary levels
DEGDIAM_MAX_COMPLETE = 2200


def _small_order(d: int, k: int) -> int:
    """The order of the graph written for d <= 2 or k = 1: C_(2k+1) (or C_4000, diameter 2,000, once
    2k + 1 > 4,000), else K_(d+1) (at most K_2200: a larger complete graph nearly fills a 32 MiB answer)."""
    if d == 2 and k > 1:
        return min(2 * k + 1, 4000)
    return min(d + 1, DEGDIAM_MAX_COMPLETE)


def domain(params: dict) -> str | None:
    """For d >= 3 and k >= 2 the search's fallback K_(d+1) must be a possible answer (V <= 2,200)."""
    d, k = params["d"], params["k"]
    if d >= 3 and k >= 2 and d + 1 > DEGDIAM_MAX_COMPLETE:
        return (f"the degdiam baseline's search falls back to K_(d+1), which for d > {DEGDIAM_MAX_COMPLETE - 1:,} "
                f"does not fit the 32 MiB answer limit with room to spare")
    return None


def baseline(params: dict, log: Log) -> Baseline:
    d, k = params["d"], params["k"]
    if d <= 2 or k == 1:
        V = _small_order(d, k)
        edges = ([[i, (i + 1) % V] for i in range(V)] if d == 2 and k > 1
                 else [[i, j] for i in range(V) for j in range(i + 1, V)])
        edges = sorted([min(e), max(e)] for e in edges)
        what = f"the cycle C_{V} (the Moore graph of degree 2)" if d == 2 and k > 1 else f"the complete graph K_{V}"
        natural = 2 * k + 1 if d == 2 and k > 1 else d + 1
        why = ("the maximum for these parameters" if V == natural else
               f"the answer limits cap the {natural:,} vertices of the Moore graph (4,000 vertices; a complete graph "
               f"of more than {DEGDIAM_MAX_COMPLETE:,} vertices does not fit a 32 MiB answer with room to spare)")
        return Baseline(edges, f"{what}: {V} vertices, {why}.", {"V": V})
    best, V, fails = None, d + 2, 0
    moore = 1 + d * sum((d - 1) ** i for i in range(min(k, 12)))    # > 4,000 long before (d >= 3)
    while fails < 3 and V <= min(4000, moore):
        hit = attempt(d, k, V, DEGDIAM_TRIES)
        log(("found " if hit else "none  ") + f"degdiam d={d} k={k} V={V}")
        if hit:
            best, fails, V = hit, 0, max(V + 1, int(V * 1.04))
        else:
            fails, V = fails + 1, V + 1
    if best is None:
        V = d + 1
        return Baseline([[i, j] for i in range(V) for j in range(i + 1, V)],
                        f"the complete graph K_{V} (the seeded searches found nothing larger)", {"V": V})
    answer, V, method = build(d, k, best)
    return Baseline(answer, "Seeded search for the largest order (the generator's scan: from V = d + 2, grow V by 4% "
                            f"after a success, stop after 3 failures in a row; {DEGDIAM_TRIES:,} candidates per order "
                            "among metacyclic Cayley graphs and cyclic voltage lifts): " + method,
                    {"tries_per_order": DEGDIAM_TRIES, "entry": best})


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["--scan"]:
        d, k, start = (int(x) for x in argv[1:4])
        print(json.dumps(scan(d, k, start)))
        return 0
    if argv[:1] == ["--scan-from"]:
        d, k, start, seconds = (int(x) for x in argv[1:5])
        print(json.dumps(scan_from(d, k, start, seconds)))
        return 0
    return run_generator(argv, write_all, verify_all)


if __name__ == "__main__":
    sys.exit(main())
