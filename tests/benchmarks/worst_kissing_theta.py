"""Worst admitted inputs of ``kissing_theta`` (issue 31): ``python -m tests.benchmarks.worst_cases kissing_theta``.

Domain: d = 2..16, cos100 = 0..99, 1..20,000 non-zero integer vectors (entries in -1000..1000) or the orbit
form (at most 60,000 generators, at most 20,000 vectors). The scans are those of ``kissing`` (duplicates
first, then row blocks of the pair matrix, stopping at the first violating block); the second's
threshold table is used for at most 2,048 distinct norms, the direct int64 comparison otherwise. At a
cosine bound near 1 a valid list of 20,000 vectors exists in dimension 16, so here the full scan of all
C(20000, 2) = 2 * 10^8 pairs is admitted: this is the most expensive spherical-code input of the list
form (for ``kissing`` too, whose scans are the same code with p/q = 1/2). Cases:

* 20,000 distinct +-1 vectors at cos100 = 88 (two distinct ones have cosine at most 14/16 = 0.875): one
  norm class, the second's threshold path; valid, every pair scanned;
* the same at n = 19,968 = 39 * 512 (the second's integer products over rows 4 KiB apart ran 2.5 times
  slower before its transposed block was padded; ``crosscheck/families/_spherical._transposed``);
* 20,000 random vectors in -1000..1000 at cos100 = 99: about 20,000 distinct norms, the second's direct
  path; valid (checked by the verifiers: a random pair in dimension 16 has cosine near 0);
* the same with the last vector replaced by twice the one before it (cosine 1: the only violating pair
  is the last pair of the scan order; REJECT found as late as possible);
* the orbit form without flags at both limits: 60,000 generators, 20,000 distinct (valid, the full scan
  after the de-duplication), and 20,001 distinct (SIZE_LIMIT from the count);
* the orbit form at its generator limit: 60,000 generators of two classes whose union is 17,920 vectors
  (signed rearrangements of (1,1,1,0^13) and (2,1,1,0^13), cosine at most 4/sqrt(18) < 0.95), valid at
  cos100 = 95, every pair scanned.
"""
from __future__ import annotations

import random

D = 16
N = 20_000


def pm1(count: int = N, seed: int = 41) -> list[list[int]]:
    rng = random.Random(seed)
    seen: set[int] = set()
    while len(seen) < count:
        seen.add(rng.getrandbits(D))
    return [[1 - 2 * ((w >> t) & 1) for t in range(D)] for w in sorted(seen, key=lambda _: rng.random())]


def random_vectors(count: int = N, seed: int = 42, lo: int = -1000, hi: int = 1000) -> list[list[int]]:
    rng = random.Random(seed)
    out: set[tuple[int, ...]] = set()
    while len(out) < count:
        v = tuple(rng.randint(lo, hi) for _ in range(D))
        if any(v):
            out.add(v)
    return [list(v) for v in out]


def norm_classes(count: int = N, classes: int = 2048, seed: int = 45) -> list[list[int]]:
    """``count`` vectors c * w with distinct +-1 patterns w, the first coordinate (c + e) w_0 instead, whose
    norms 15 c^2 + (c + e)^2 take exactly ``classes`` distinct values (c in 1..999 with e in {0, 1}, then
    e = 2 for the rest): the second's threshold table at its largest (2,048^2 exact isqrt) and its gather
    over every pair. Distinct patterns keep every cosine near those of the +-1 vectors (<= ~0.9)."""
    rng = random.Random(seed)
    scales = [(c, e) for e in (0, 1, 2) for c in range(1, 1000)][:classes]
    pats = pm1(count, seed)
    out = []
    for t, w in enumerate(pats):
        c, e = scales[t % len(scales)] if t < len(scales) else rng.choice(scales)
        out.append([(c + e) * w[0]] + [c * x for x in w[1:]])
    return out


def parallel_last() -> list[list[int]]:
    """19,999 random vectors with entries in -500..500, then twice the last of them (cosine 1)."""
    vs = random_vectors(N - 1, seed=43, lo=-500, hi=500)
    return vs + [[2 * x for x in vs[-1]]]


def two_class_orbit(count: int = 60_000, seed: int = 44) -> dict:
    rng = random.Random(seed)
    gens = []
    for t in range(count):
        shape = (1, 1, 1) if t % 2 else (2, 1, 1)
        places = rng.sample(range(D), 3)
        v = [0] * D
        for p, x in zip(places, shape):
            v[p] = x * rng.choice((1, -1))
        gens.append(v)
    return {"orbit": gens}


def plain_orbit(count: int = 60_000, distinct: int = N, seed: int = 46) -> dict:
    """``count`` generators, no flags (each generator stands for itself), ``distinct`` of them different:
    the union (de-duplicated, sorted) has ``distinct`` vectors; ``distinct`` = 20,000 is the most the
    form admits, 20,001 is refused by the count before expansion (SIZE_LIMIT)."""
    vs = random_vectors(distinct, seed)
    rng = random.Random(seed)
    gens = vs + [rng.choice(vs) for _ in range(count - distinct)]
    rng.shuffle(gens)
    return {"orbit": gens, "signs": False, "perms": False}


def cases() -> list[dict]:
    return [
        {"name": "pm1 20000 cos100=88 (valid)", "path": "every one of the 2e8 pairs; second: one norm class, "
         "threshold table", "params": {"d": D, "cos100": 88}, "answer": pm1, "expect": "ACCEPT"},
        {"name": "pm1 19968 cos100=88 (valid)", "path": "every pair at n = 39 * 512: the rows of the second's "
         "transposed block 4 KiB apart unless padded (2.5x slower before the padding)",
         "params": {"d": D, "cos100": 88}, "answer": lambda: pm1(19_968), "expect": "ACCEPT"},
        {"name": "random 20000 cos100=99 (valid)", "path": "every one of the 2e8 pairs; second: ~20,000 norm "
         "classes, direct int64 comparison", "params": {"d": D, "cos100": 99}, "answer": random_vectors,
         "expect": "ACCEPT"},
        {"name": "2048 norm classes 20000 (valid)", "path": "every pair; second: the threshold table at its "
         "largest (2,048 classes: 4.2e6 isqrt) and its gather over all pairs", "params": {"d": D, "cos100": 95},
         "answer": norm_classes, "expect": "ACCEPT"},
        {"name": "random 20000, last pair parallel", "path": "the only violating pair is (n-2, n-1), the last "
         "pair of both scans", "params": {"d": D, "cos100": 99}, "answer": parallel_last, "expect": "REJECT"},
        {"name": "orbit 60000 gens -> 17920 (valid)", "path": "orbit parse at the generator limit, expansion to "
         "17,920 vectors, every pair scanned", "params": {"d": D, "cos100": 95}, "answer": two_class_orbit,
         "expect": "ACCEPT"},
        {"name": "orbit 60000 gens -> 20000 (valid)", "path": "orbit without flags at both limits (60,000 "
         "generators, 20,000 distinct): sort, de-duplication, then every pair scanned",
         "params": {"d": D, "cos100": 99}, "answer": plain_orbit, "expect": "ACCEPT"},
        {"name": "orbit 60000 gens -> 20001", "path": "SIZE_LIMIT from the count before expansion",
         "params": {"d": D, "cos100": 99}, "answer": lambda: plain_orbit(distinct=N + 1), "expect": "REJECT"},
    ]
