"""The triple scans of both ``trifference`` verifiers (non-affine literal lists, m <= 3), against brute force.

Each scan has a certify-only block filter, an exact count of what the filter leaves, a hand-over rule, a
clustered word order and a per-middle-word change of block order; only the exact count may reject. The
tests force every path on small inputs by setting the tuning constants (block size 1..6, one middle word
per chunk, a hand-over at once or never, exact counts one triple at a time, a table budget of one
block) and compare the verdict and the reported triple with the definition, on valid lists (ACCEPT) and
on lists with planted violations (REJECT), including lists longer than one 64-coordinate chunk and
lists with fewer useful coordinates than m.
"""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from endless_exam.checker.families import _triples as primary_scan
from endless_exam.crosscheck.families import _trifference_scan as second_scan


def _t(x: str, y: str, z: str) -> int:
    return sum(1 for a, b, c in zip(x, y, z) if len({a, b, c}) == 3)


def _violation_exists(words, m: int) -> bool:
    d = np.array([[int(c) for c in w] for w in words])
    i, j, k = np.array(list(itertools.combinations(range(len(d)), 3))).T
    a, b, c = d[i], d[j], d[k]
    return bool((((a != b) & (a != c) & (b != c)).sum(axis=1) < m).any())


def _check(words, m: int) -> None:
    words = tuple(words)
    n = len(words[0])
    expected = _violation_exists(words, m)
    for name, scan in (("primary", primary_scan.find_bad_triple), ("second", second_scan.scan_triples)):
        got = scan(words, n, m)
        assert (got is not None) == expected, (name, m, got)
        if got is not None:
            x, y, z = got
            assert x < y < z and _t(words[x], words[y], words[z]) < m, (name, got)


SETTINGS = [
    dict(BLOCK=6, Y_CHUNK=256, BATCH=1 << 21, RATIO=None, BUDGET=None, PICKS=8),
    dict(BLOCK=1, Y_CHUNK=1, BATCH=1, RATIO=10 ** 6, BUDGET=1, PICKS=1),      # exact count at once, 1 triple a time
    dict(BLOCK=2, Y_CHUNK=3, BATCH=64, RATIO=1, BUDGET=None, PICKS=2),        # the filter runs to the last block
    dict(BLOCK=3, Y_CHUNK=64, BATCH=1 << 21, RATIO=8, BUDGET=1, PICKS=8),
]


@pytest.fixture(params=range(len(SETTINGS)), ids=lambda i: f"settings{i}")
def tuned(request, monkeypatch):
    s = SETTINGS[request.param]
    for mod in (primary_scan, second_scan):
        monkeypatch.setattr(mod, "BLOCK", s["BLOCK"])
        monkeypatch.setattr(mod, "Y_CHUNK", s["Y_CHUNK"])
        if s["BUDGET"] is not None:
            monkeypatch.setattr(mod, "TABLE_BUDGET", s["BUDGET"])
    monkeypatch.setattr(primary_scan, "SPARSE_BATCH", s["BATCH"])
    monkeypatch.setattr(second_scan, "EXACT_BATCH", s["BATCH"])
    monkeypatch.setattr(primary_scan, "REPLAN_PICKS", s["PICKS"])
    if s["RATIO"] is not None:
        monkeypatch.setattr(primary_scan, "SPARSE_RATIO", {k: s["RATIO"] for k in (1, 2, 3)})
        monkeypatch.setattr(second_scan, "SPARSE_WORDS", {k: s["RATIO"] for k in (1, 2, 3)})
    return s


def _third_with(x: str, y: str, rainbows: int, late: bool) -> str:
    """A word z with exactly ``rainbows`` coordinates where x, y, z are pairwise different: the first (or,
    with ``late``, the last) of the coordinates where x and y differ; elsewhere z copies x or y."""
    differ = [i for i in range(len(x)) if x[i] != y[i]]
    if late:
        differ.reverse()
    z = list(x)
    for i in differ[:rainbows]:
        z[i] = str(3 - int(x[i]) - int(y[i]))          # rainbow there
    for t, i in enumerate(differ[rainbows:]):
        z[i] = y[i] if t % 2 else x[i]                 # x, y, z not pairwise different there
    return "".join(z)


def _random_list(rnd: random.Random, n: int, size: int, alphabet: str = "012") -> list[str]:
    out: dict[str, None] = {}
    for _ in range(50 * size):
        if len(out) == size:
            break
        out.setdefault("".join(rnd.choice(alphabet) for _ in range(n)), None)
    return list(out)


def _clustered(rnd: random.Random, clusters: int, size: int, private: int, n: int) -> list[str]:
    """Words equal to their cluster's centre except on the cluster's own coordinates."""
    coords = list(range(n))
    rnd.shuffle(coords)
    words: dict[str, None] = {}
    for c in range(clusters):
        centre = [rnd.choice("012") for _ in range(n)]
        own = coords[c * private:(c + 1) * private]
        for _ in range(20 * size):
            w = list(centre)
            for i in own:
                w[i] = rnd.choice("012")
            words.setdefault("".join(w), None)
            if len(words) == (c + 1) * size:
                break
    out = list(words)
    rnd.shuffle(out)
    return out


@pytest.mark.parametrize("m", [1, 2, 3, 4, 6, 9, 17])
@pytest.mark.parametrize("seed", range(6))
def test_random_lists_agree_with_brute_force(tuned, m, seed):
    rnd = random.Random(1000 * m + seed)
    n = rnd.choice([3, 5, 9, 14, 30, 70])
    words = _random_list(rnd, n, rnd.choice([4, 12, 40, 70]), rnd.choice(["012", "0012"]))
    if len(words) >= 3:
        _check(words, m)


@pytest.mark.parametrize("m", [1, 2, 3, 5])
def test_clustered_lists_agree_with_brute_force(tuned, m):
    rnd = random.Random(m)
    words = _clustered(rnd, clusters=4, size=16, private=30, n=130)
    _check(words, m)                                    # valid, and the per-word block choice is exercised
    x, y = words[0], words[1]
    spoiler = "".join(a if rnd.random() < 0.5 else b for a, b in zip(x, y))
    if spoiler not in words:
        _check(words + [spoiler], m)                    # t(x, y, spoiler) = 0: REJECT


@pytest.mark.parametrize("m", [1, 2, 3, 4, 7, 12])
def test_violation_on_few_columns_of_a_long_list(tuned, m):
    """n = 200 (four 64-coordinate chunks): x and y differ on 20 columns only, z is separated from them at
    exactly m - 1 of those (REJECT), and without z the list is decided as brute force says."""
    rnd = random.Random(7 + m)
    n = 200
    words = _random_list(rnd, n, 30)
    x = words[0]
    y = "".join(str((int(c) + 1) % 3) if i >= 180 else c for i, c in enumerate(x))     # differs on 180..199 only
    z = "".join(str((int(c) + 2) % 3) if 180 <= i < 180 + m - 1 else (c if i < 180 else yc)
                for i, (c, yc) in enumerate(zip(x, y)))
    words = [w for w in words if w not in (y, z)] + [y, z]
    assert _t(x, y, z) == m - 1
    _check(words, m)
    _check([w for w in words if w != z], m)


@pytest.mark.parametrize("m", [2, 3])
def test_fewer_useful_coordinates_than_m(tuned, m):
    words = ["0" + "0" * 6, "1" + "0" * 6, "2" + "0" * 6, "0" + "1" * 6]          # one useful coordinate
    _check(words, m)
    _check(["00", "11", "22"], m)                                                  # t = 2: valid for m = 2 only


def test_no_useful_coordinate(tuned):
    _check(["000", "001", "011", "111"], 1)                                        # only two symbols anywhere


def test_repeated_columns_count_every_copy(tuned):
    rnd = random.Random(3)
    base = _random_list(rnd, 12, 30)
    for m in (1, 2, 3):
        _check([w * 3 for w in base], m)               # t triples: every separated triple reaches 3 copies


def test_reported_triple_uses_the_callers_positions():
    """The scans reorder the words internally; the reported indices refer to the given list."""
    rnd = random.Random(11)
    words = _clustered(rnd, clusters=3, size=20, private=40, n=140)
    x, y = words[5], words[17]
    z = "".join(a if i % 2 else b for i, (a, b) in enumerate(zip(x, y)))
    assert z not in words and _t(x, y, z) == 0
    words.insert(30, z)
    for scan in (primary_scan.find_bad_triple, second_scan.scan_triples):
        i, j, k = scan(tuple(words), 140, 1)
        assert i < j < k and _t(words[i], words[j], words[k]) == 0


def test_orders_are_permutations():
    rnd = random.Random(5)
    words = _clustered(rnd, clusters=3, size=30, private=20, n=80)
    d = primary_scan.digits_of(tuple(words), 80)
    assert sorted(primary_scan.cluster_order(d).tolist()) == list(range(len(words)))
    assert sorted(second_scan._word_order(second_scan._matrix(tuple(words), 80)).tolist()) == list(range(len(words)))
    order = primary_scan.coordinate_order(d, 2, 3)
    assert len(set(order.tolist())) == len(order)


@pytest.mark.parametrize("m", [1, 3, 20])
def test_violation_hidden_among_many_words(m):
    """80 random words of length 120 (valid for these m: t is about 27 on average) plus z made from x and y
    with exactly m - 1 separating coordinates, put in the middle of the list: REJECT with a real triple;
    without z: ACCEPT. m = 20 runs the primary's exact count (``_scan_counted``: from m = 9 on, lists of
    at most 100 m words are counted pair by pair) and the second's counting filter followed by its exact
    count."""
    rnd = random.Random(50 + m)
    n = 120
    words = _random_list(rnd, n, 80)
    x, y = words[10], words[60]
    z = _third_with(x, y, m - 1, late=False)
    assert _t(x, y, z) == m - 1 and z not in words
    _check(words, m)
    _check(words[:40] + [z] + words[40:], m)


@pytest.mark.parametrize("m", [1, 2, 4, 9, 30])
@pytest.mark.parametrize("method", ["count", "filter"])
def test_the_primarys_two_methods_agree_with_brute_force_at_every_m(m, method, monkeypatch):
    """Each of the primary's two methods forced for every m: ``_scan_counted`` (used from m = 9 on for
    lists of at most 100 m words), on lists where most rows and columns of pairs are dropped after a
    chunk or two and one triple is left below m in a late chunk (n = 300: five chunks of 64 coordinates),
    and the m-group filter (used for m <= 8 and for longer lists); each on the list with and without the
    bad triple."""
    if method == "count":
        monkeypatch.setattr(primary_scan, "COUNT_FROM", 1)
    else:
        monkeypatch.setattr(primary_scan, "COUNT_WORDS_PER_M", 0)
    rnd = random.Random(900 + m)
    n = 300
    words = _random_list(rnd, n, 50)
    x, y = words[7], words[31]
    z = _third_with(x, y, m - 1, late=True)            # its rainbow coordinates in the last chunks
    assert _t(x, y, z) == m - 1 and z not in words
    for listed, bad in ((words, False), (words[:20] + [z] + words[20:], True)):
        got = primary_scan.find_bad_triple(tuple(listed), n, m)
        assert (got is not None) == bad == _violation_exists(listed, m), (m, got)
        if got is not None:
            i, j, k = got
            assert i < j < k and _t(listed[i], listed[j], listed[k]) < m
