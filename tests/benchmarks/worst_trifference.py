"""Worst admitted trifference inputs per verifier path (issue 31), for ``tests.benchmarks.worst_cases``.

``cases()`` returns dicts {name, path, params, answer (zero-argument callable), expect}. The domain
(schema): lists of at most 6,561 words of length <= 1,024 (certified representation), linear_code of rank
<= 12, rs_concat with a degree <= 12 field. The near-affine path (a core of rank <= 8 and at most 27 extra
words at 6,561 words) reads at most ``_affine.sum_work(8)`` = 2.15e7 weight-table entries per extra word,
whatever m; its costliest shapes are extra words near core words (light coset words, handled one by one)
and cores whose words agree off a short support (no row can be skipped), at m up to where the list is
still valid. The shapes of issue 31 case 3 are included (27 and 9 replaced words at m = 100, 27 at m =
20), and near-affine lists across m from 1 to n.
"""
from __future__ import annotations

import random

import numpy as np

from tests.benchmarks import bench_trifference as bt
from tests.families.trifference.test_trifference_vectors import near_affine, swap_random_words


def _certified(n: int, m: int) -> dict:
    return {"n": n, "m": m, "representation": "certified"}


def _near_codeword(n: int, k: int, replace: int, flips: int, seed: int) -> list[str]:
    """A translated random [n, k] code, ``replace`` of its words each replaced by itself with ``flips``
    coordinates changed (extra words close to a core word: a light word in their coset)."""
    rnd = np.random.default_rng(seed)
    rows = rnd.integers(0, 3, (k, n))
    idx = np.arange(3 ** k)
    msg = np.stack([(idx // 3 ** p) % 3 for p in range(k)], 1)
    code = ((msg @ rows + rnd.integers(0, 3, n)) % 3)[rnd.permutation(3 ** k)]
    have = {r.astype(np.uint8).tobytes() for r in code}
    out = code.copy()
    for i in range(replace):
        while True:
            w = code[i].copy()
            pos = rnd.choice(n, flips, replace=False)
            w[pos] = (w[pos] + rnd.integers(1, 3, flips)) % 3
            if w.astype(np.uint8).tobytes() not in have:
                break
        have.add(w.astype(np.uint8).tobytes())
        out[i] = w
    out = out[rnd.permutation(len(out))]
    return ["".join(map(str, r)) for r in out.tolist()]


def _short_core(n: int, support: int, k: int, replace: int, seed: int) -> list[str]:
    """A translated random [support, k] code padded to length n (its words agree off ``support``
    coordinates, so the coset weights spread little and no table row is skipped), ``replace`` of its words
    swapped for random words."""
    rnd = random.Random(seed)
    rows = np.zeros((k, n), np.int64)
    rows[:, :support] = np.array([[rnd.randrange(3) for _ in range(support)] for _ in range(k)])
    idx = np.arange(3 ** k)
    msg = np.stack([(idx // 3 ** p) % 3 for p in range(k)], 1)
    shift = np.array([rnd.randrange(3) for _ in range(n)])
    words = ["".join(map(str, r)) for r in ((msg @ rows + shift) % 3).tolist()]
    return swap_random_words(words, replace, n, rnd)


def cases() -> list[dict]:
    out = []

    def add(name, path, params, answer, expect):
        out.append({"name": name, "path": path, "params": params, "answer": answer, "expect": expect})

    for replace, m in ((27, 100), (9, 100), (27, 20)):
        add(f"issue 31 case 3: rank-8 code n=1024, {replace} replaced, m={m}",
            "near-affine: core pair criterion (weights) + extra words by weight tables", _certified(1024, m),
            lambda replace=replace: near_affine(1024, 8, replace, 31), "ACCEPT")
    for m in (1, 3, 4, 50, 150, 300):
        add(f"near-affine rank-8 n=1024, 27 replaced, m={m}", "near-affine at every m (core + extra tables)",
            _certified(1024, m), lambda: near_affine(1024, 8, 27, 31), "ACCEPT" if m <= 100 else "REJECT")
    add("near-codeword extras: 27 words with 30 coordinates changed, m=100",
        "near-affine: light coset words (LOW/LIGHT words read one by one)", _certified(1024, 100),
        lambda: _near_codeword(1024, 8, 27, 30, 5), "ACCEPT")
    add("short core: [128,8] code padded to 1024, 27 random extras, m=3",
        "near-affine: every table row read (coset weights barely spread)", _certified(1024, 3),
        lambda: _short_core(1024, 128, 8, 27, 7), "ACCEPT")
    add("500 random words n=128 m=1, last spoiled (issue 31 upstream-faster)", "close-pair first look",
        _certified(128, 1), lambda: bt.spoiled(bt.random_words(128, 500, 5)), "REJECT")
    add("6,561 random words n=1024 m=1", "full triple scan (filter)", _certified(1024, 1),
        lambda: bt.random_words(1024, 6561, 2), "ACCEPT")
    add("6,561 random words n=1024 m=6", "full triple scan (m groups)", _certified(1024, 6),
        lambda: bt.random_words(1024, 6561, 2), "ACCEPT")
    add("9 clusters x 729 words n=1024 m=3", "full triple scan (clustered, slowest list found)",
        _certified(1024, 3), bt.clustered, "ACCEPT")
    add("1,500 random words n=1024 m=40", "full triple scan (exact count, large m)", _certified(1024, 40),
        lambda: bt.random_words(1024, 1500, 6), "ACCEPT")
    rows = bt.random_rows(1024, 12, 1)
    add("linear_code rank 12 n=1024 m=3", "hyperplane criterion, 265,720 directions", _certified(1024, 3),
        lambda: {"linear_code": rows}, "ACCEPT")
    add("legacy linear 8 rows n=1024 m=4", "affine list, pair criterion by weight sums", _certified(1024, 4),
        lambda: {"linear": bt.random_rows(1024, 8, 3)}, "ACCEPT")
    add("rs_concat degree-12 field, inner [128,12]", "rs_concat certificate", _certified(1024, 1),
        lambda: {"rs_concat": {"inner": {"linear_code": bt.random_rows(128, 12, 11)}, "inner_n": 128,
                               "inner_m": 1, "field": [1, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 1, 1], "length": 8,
                               "dimension": 3}}, "ACCEPT")
    return out
