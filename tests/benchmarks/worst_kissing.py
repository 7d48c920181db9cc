"""Worst admitted inputs of ``kissing`` (issue 31): ``python -m tests.benchmarks.worst_cases kissing``.

The domain admits 1..20,000 non-zero vectors of d <= 16 integers in -1000..1000 (list form), the orbit
form (at most 60,000 generators, at most 20,000 vectors after de-duplication, counted before expansion)
and, for ``representation: "quadratic"``, 1..20,000 vectors in Z[sqrt(3)]^d. Both verifiers find
duplicates first (sorting / a dict), then scan the pairs in row blocks and stop at the first block with a
violating pair (primary: float64 BLAS products, exact; second: int64 products with an isqrt threshold
table for at most 2,048 distinct norms, the direct int64 comparison otherwise; the quadratic form has its
own scans in both). Neither verifier chooses a path by a cost estimate: the work is the number of pairs
scanned before the first violation.

At cosine 1/2 no 20,000 vectors in dimension 16 are valid (the kissing number of R^16 is at most 7,320),
and a row i is scanned in full only if vector i violates the bound with no later vector. So the most
expensive rejection puts a large valid configuration first and a cluster of near-parallel vectors after
it: every row of the prefix is scanned against all 20,000 columns. The prefix here is the 2,048 words of
the extended Hamming code [16, 11, 4] as +-1 vectors (two of them differ in at least 4 places: cosine
at most 1/2) and 4 e_i, -4 e_1 (cosine 1/4 with the +-1 vectors); the cluster is (1000, a_2, .., a_16)
with small a_i (cosine at most 0.27 with the prefix, about 1 within the cluster). The full scan of all
2 * 10^8 pairs (20,000 valid vectors at a larger cosine bound) is timed in ``worst_kissing_theta``: the
same code with other constants p/q, an upper bound for every kissing input of the list form.
The largest valid input here is the 4,320 minimal vectors of the Barnes-Wall lattice BW16.
"""
from __future__ import annotations

import itertools
import random

D = 16
MAX_VECTORS = 20_000


def _points() -> list[tuple[int, int, int, int]]:
    return list(itertools.product((0, 1), repeat=4))


def reed_muller(degree: int) -> list[tuple[int, ...]]:
    """The codewords of RM(degree, 4) (length 16) as 0/1 tuples: evaluations of the polynomials of degree
    <= ``degree`` in 4 variables over F_2 (degree 2: the extended Hamming code [16, 11, 4]; degree 1:
    the first-order code [16, 5, 8])."""
    pts = _points()
    monomials = [m for r in range(degree + 1) for m in itertools.combinations(range(4), r)]
    rows = [tuple(int(all(p[v] for v in m)) for p in pts) for m in monomials]
    words = set()
    for coeffs in itertools.product((0, 1), repeat=len(rows)):
        words.add(tuple(sum(c * r[t] for c, r in zip(coeffs, rows)) % 2 for t in range(D)))
    return sorted(words)


def hamming_pm1() -> list[list[int]]:
    """The 2,048 words of the extended Hamming code as +-1 vectors (pairwise cosine <= 1/2)."""
    return [[1 - 2 * b for b in w] for w in reed_muller(2)]


def barnes_wall() -> list[list[int]]:
    """The 4,320 minimal vectors of BW16 (norm 8): (+-2, +-2, 0^14) (480) and (+-1^8, 0^8) on the 30
    weight-8 words of RM(1, 4) with an even number of minus signs (3,840). Pairwise dot <= 4: cosine <= 1/2."""
    out = []
    for i, j in itertools.combinations(range(D), 2):
        for si, sj in itertools.product((2, -2), repeat=2):
            v = [0] * D
            v[i], v[j] = si, sj
            out.append(v)
    for w in reed_muller(1):
        if sum(w) != 8:
            continue
        support = [t for t in range(D) if w[t]]
        for signs in itertools.product((1, -1), repeat=8):
            if signs.count(-1) % 2:
                continue
            v = [0] * D
            for t, s in zip(support, signs):
                v[t] = s
            out.append(v)
    return out


def prefix_and_cluster(total: int = MAX_VECTORS, seed: int = 31) -> list[list[int]]:
    """The valid prefix (2,048 +-1 vectors, 4 e_i for i >= 1, -4 e_0) then the cluster near e_0 up to
    ``total`` vectors: the first violating pair is (prefix length, prefix length + 1)."""
    prefix = hamming_pm1()
    for i in range(D):
        for s in ((4, -4) if i else (-4,)):
            v = [0] * D
            v[i] = s
            prefix.append(v)
    rng = random.Random(seed)
    cluster: set[tuple[int, ...]] = set()
    while len(cluster) < total - len(prefix):
        cluster.add((1000,) + tuple(rng.randint(-3, 3) for _ in range(D - 1)))
    return prefix + [list(v) for v in sorted(cluster)]


def quadratic(vectors: list[list[int]], seed: int = 32) -> dict:
    """The vectors as ``quadratic_vectors``: the cluster's first coordinate 1000 becomes 500 + 288 sqrt(3)
    (~998.8), the others a + 0 sqrt(3); the prefix/cluster cosines keep their sides of 1/2."""
    out = []
    for v in vectors:
        out.append([[500, 288] if (t == 0 and x == 1000) else [x, 0] for t, x in enumerate(v)])
    return {"quadratic_vectors": {"radicand": 3, "vectors": out}}


def d16_orbit_generators(count: int = 60_000, seed: int = 33) -> dict:
    """``count`` generators (the most admitted), all signed rearrangements of (1, 1, 0^14): their union is the
    480 roots of D16 (cosines 0, +-1/2, -1: valid), so the parse counts 60,000 class keys."""
    rng = random.Random(seed)
    gens = []
    for _ in range(count):
        i, j = rng.sample(range(D), 2)
        v = [0] * D
        v[i], v[j] = rng.choice((1, -1)), rng.choice((1, -1))
        gens.append(v)
    return {"orbit": gens, "signs": True, "perms": True}


def _duplicate_last() -> list[list[int]]:
    vs = barnes_wall()
    extra = prefix_and_cluster()[len(vs):]
    vs = vs + extra
    vs = vs[:MAX_VECTORS - 1] + [vs[MAX_VECTORS - 2]]
    return vs


def cases() -> list[dict]:
    prefix_len = len(hamming_pm1()) + 2 * D - 1
    return [
        {"name": "BW16 4320 (valid)", "path": "both: every pair of the largest valid list here (9.3e6 pairs); "
         "second: one norm class (threshold table)", "params": {"d": D}, "answer": barnes_wall, "expect": "ACCEPT"},
        {"name": "hamming prefix + cluster 20000", "path": f"the first {prefix_len} rows scanned against all "
         "20,000 columns before the first violation (the prefix is valid and far from the cluster); second: "
         ">2,048 norm classes, direct int64 comparison", "params": {"d": D}, "answer": prefix_and_cluster,
         "expect": "REJECT"},
        {"name": "quadratic prefix + cluster 19968", "path": "the same in Z[sqrt(3)] at n = 39 * 512 (the "
         "second's transposed rows padded): both quadratic scans, the exact sign of X + Y sqrt(3) on every "
         "positive pair of the prefix rows", "params": {"d": D, "representation": "quadratic"},
         "answer": lambda: quadratic(prefix_and_cluster(19_968)),
         "expect": "REJECT"},
        {"name": "quadratic BW16 4320 (valid)", "path": "every pair of the largest valid quadratic list here",
         "params": {"d": D, "representation": "quadratic"}, "answer": lambda: quadratic(barnes_wall()),
         "expect": "ACCEPT"},
        {"name": "orbit 60000 generators D16", "path": "orbit parse at the generator limit (60,000 class keys), "
         "480 vectors", "params": {"d": D}, "answer": d16_orbit_generators, "expect": "ACCEPT"},
        {"name": "duplicate last 20000", "path": "DUPLICATE (n-2, n-1), the last pair; both find duplicates "
         "before the scan", "params": {"d": D}, "answer": _duplicate_last, "expect": "REJECT"},
    ]
