"""The primary shannon verifier's packed-lane pair filter (issue 31: 3,000 random words of length 256, q = 7,
where the public release was faster): against a direct pairwise check, ACCEPT and REJECT, for q = 5, 7, 9
(8- and 16-bit lanes) and lengths that leave padding lanes; and its cost model: the work it reports never
exceeds ``filter_work``, and at the largest admitted list (4,096 words, d = 256, q = 9) that stays inside
``FILTER_WORK`` (asserted on counts, never on seconds)."""
from __future__ import annotations

import itertools
import random

import numpy as np
import pytest

from endless_exam.certificates.schemas import shannon as schema
from endless_exam.checker.families import shannon as primary_mod


def _first_pair(words, q):
    for i, j in itertools.combinations(range(len(words)), 2):
        if primary_mod.confusable(words[i], words[j], q):
            return i, j
    return None


def _words(rnd, q, length, count):
    out: dict[str, None] = {}
    while len(out) < count:
        out.setdefault("".join(str(rnd.randrange(q)) for _ in range(length)), None)
    return list(out)


@pytest.mark.parametrize("seed", range(60))
def test_lane_filter_names_the_first_confusable_pair(seed):
    rnd = random.Random(seed)
    q = rnd.choice(schema.Q_VALUES)
    length = rnd.choice([1, 2, 3, 5, 7, 9, 13, 17])
    words = _words(rnd, q, length, min(q ** length, rnd.randrange(2, 60)))
    if seed % 2 and len(words) > 2:              # plant a confusable pair: a copy moved by +-1 in a few places
        x = list(words[rnd.randrange(len(words))])
        for c in rnd.sample(range(length), rnd.randrange(1, length + 1)):
            x[c] = str((int(x[c]) + rnd.choice([1, q - 1])) % q)
        x = "".join(x)
        if x not in words:
            words.insert(rnd.randrange(len(words) + 1), x)
    d = np.array([[int(c) for c in w] for w in words], np.int16)
    work: list[int] = []
    got = primary_mod._pair_by_filter(d, q, work)
    assert got == _first_pair(words, q), (seed, q, length)
    assert work[0] <= primary_mod.filter_work(len(words), length, q)


def test_a_pair_confusable_everywhere_but_the_last_coordinate_is_not_reported():
    """Two words equal except the last coordinate, at distance 2 there: not confusable (ACCEPT), and with
    distance 1 there: confusable (REJECT)."""
    for q in schema.Q_VALUES:
        base = "1" * 33
        far = base[:-1] + "3"
        near = base[:-1] + "2"
        for other, expected in ((far, None), (near, (0, 1))):
            d = np.array([[int(c) for c in w] for w in (base, other)], np.int16)
            assert primary_mod._pair_by_filter(d, q) == expected, (q, other)


def test_filter_cost_model_at_the_largest_admitted_list():
    worst = max(primary_mod.filter_work(schema.MAX_WORDS, schema.MAX_D, q) for q in schema.Q_VALUES)
    assert worst <= primary_mod.FILTER_WORK
    # the box method is chosen exactly when its keys fit; otherwise the filter, with the work above
    assert primary_mod.box_method_applies(4096, 9, 7) and not primary_mod.box_method_applies(4096, 10, 7)
