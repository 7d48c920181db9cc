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

from endless_exam.certificates.schemas import _trifference_admission as admission
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


WIDE = admission.max_scan_words(1024)          # 807: the most words the scan admits when u > 960
NARROW = admission.max_scan_words(64)          # 2,033: when u <= 64


def _weak(n: int, spread: int, count: int, seed: int) -> list[str]:
    """``count`` words: the last ``spread`` coordinates random, each of the first n - spread useful but
    separating one random pair's triples only (one word 1, one word 2, the others 0), so the count of a
    triple grows only in the last chunks."""
    rnd = random.Random(seed)
    tails = bt.random_words(spread, count, seed + 1)
    heads = [["0"] * (n - spread) for _ in range(count)]
    for i in range(n - spread):
        a, b = rnd.sample(range(count), 2)
        heads[a][i], heads[b][i] = "1", "2"
    return ["".join(h) + t for h, t in zip(heads, tails)]


def _code_subset(n: int, k: int, count: int, seed: int) -> list[str]:
    """``count`` words of a random [n, k] code (rows redrawn, at most 50 times, until the code is
    1-trifferent by the linear_code certificate's check; a random [64, 12] code almost never is, a [64, 9]
    code about one time in three), in a shuffled order: rank k > 8 and sparse, so no core, and every
    triple is scanned."""
    from endless_exam.checker.families import load
    primary = load("trifference")
    rnd = random.Random(seed)
    for _ in range(50):
        rows = [[rnd.randrange(3) for _ in range(n)] for _ in range(k)]
        text = ["".join(map(str, r)) for r in rows]
        if primary.check({"n": n, "m": 1, "representation": "certified"}, {"linear_code": text}).valid:
            break
    else:
        raise SystemExit(f"no 1-trifferent random [{n}, {k}] code in 50 draws")
    chosen = rnd.sample(range(3 ** k), count)
    out = []
    for c in chosen:
        coeffs = [(c // 3 ** j) % 3 for j in range(k)]
        out.append("".join(str(sum(a * r[i] for a, r in zip(coeffs, rows)) % 3) for i in range(n)))
    return out


def _extras_first(words: list[str]) -> list[str]:
    """The words outside the list's rank-8 core moved to the front (the list order then meets an extra
    word before the core's span is complete, and the core is found by a shuffle of the admission)."""
    from endless_exam.checker.families import _affine, _triples
    digits = _triples.digits_of(tuple(words), len(words[0]))
    _, _, inside = next(_affine.find_cores(digits, 8, 27))
    return [w for w, i in zip(words, inside) if not i] + [w for w, i in zip(words, inside) if i]


def _two_useful(n: int, count: int, seed: int) -> list[str]:
    """``count`` distinct words over 0, 1 except two coordinates that use all three symbols."""
    rnd = random.Random(seed)
    out: dict[str, None] = {}
    while len(out) < count:
        w = [rnd.choice("01") for _ in range(n)]
        w[0], w[1] = rnd.choice("012"), rnd.choice("012")
        out.setdefault("".join(w), None)
    return list(out)


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
    add("near-affine rank-8 n=1024, the 27 extra words listed first, m=3", "core found by a seeded shuffle",
        _certified(1024, 3), lambda: _extras_first(near_affine(1024, 8, 27, 31)), "ACCEPT")
    add("6,561 words with 2 useful coordinates, m=3", "fewer useful coordinates than m: the first triple fails",
        _certified(1024, 3), lambda: _two_useful(1024, 6561, 8), "REJECT")
    # Lists without a core: refused up front when C(N, 3) * ceil(u / 64) > SCAN_BUDGET (the parse, both ways)
    add("6,561 random words n=1024 m=1 (no core)", "refused by the scan's cost model (SIZE_LIMIT)",
        _certified(1024, 1), lambda: bt.random_words(1024, 6561, 2), "REJECT")
    add("9 clusters x 729 words n=1024 m=3 (no core)", "refused by the scan's cost model (SIZE_LIMIT)",
        _certified(1024, 3), bt.clustered, "REJECT")
    add(f"{WIDE + 1} random words n=1024 m=1 (one over the scan bound)", "refused by the scan's cost model",
        _certified(1024, 1), lambda: bt.random_words(1024, WIDE + 1, 6), "REJECT")
    # ... and the costliest lists the scan admits (N at the bound for u > 960 and u <= 64)
    for m in (1, 3, 6, 12, 40, 140):
        add(f"{WIDE} random words n=1024 m={m}", "full triple scan at the bound (filter / count by m)",
            _certified(1024, m), lambda: bt.random_words(1024, WIDE, 6), "ACCEPT")
    add(f"{WIDE} random words n=1024 m=1, last triple spoiled", "full triple scan at the bound, violation last",
        _certified(1024, 1), lambda: bt.spoiled(bt.random_words(1024, WIDE, 6)), "REJECT")
    for m in (1, 3):
        add(f"8 clusters x {WIDE // 8} words n=1024 m={m}", "full triple scan at the bound (clustered)",
            _certified(1024, m), lambda: bt.clustered(8, WIDE // 8, 110, 1024, 5), "ACCEPT")
    for m in (9, 20):
        add(f"{WIDE} words n=1024, 768 weak + 256 random coordinates, m={m}",
            "full triple scan at the bound (useful coordinates that rarely separate)", _certified(1024, m),
            lambda: _weak(1024, 256, WIDE, 3), "ACCEPT")
    add(f"{NARROW} words of a 1-trifferent [64, 9] code n=64 m=1", "full triple scan at the bound, u <= 64",
        _certified(64, 1), lambda: _code_subset(64, 9, NARROW, 1), "ACCEPT")
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
