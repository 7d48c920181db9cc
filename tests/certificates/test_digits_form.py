"""The shared digit-spec form (``endless_exam.certificates.forms.digits``) and the difference-set form
(``endless_exam.certificates.forms.diffset``).

* strict schema: exact keys, strict integers, documented ranges, repeated digits, each with its reason;
* the node and element counts agree with a brute-force walk of the documented pruned tree
  (hypothesis, small specs), and the expanded elements with a brute-force enumeration of all strings;
* the limits: exactly at the limits passes, one over is EXPANSION_LIMIT, decided by counting (limits
  are monkeypatched to hit a node count exactly); huge trees are refused without enumeration;
* the range filter, sorting and de-duplication of ``expand``;
* diff sets: point counts, expansion order, repeats, the 60,000-point boundary.
"""
from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.forms import diffset, digits
import random
from tests.common.definitions import brute_corners, brute_lineq, brute_nodes, brute_spec, expect


def reason_of(fn, *args) -> str:
    with pytest.raises(AnswerError) as info:
        fn(*args)
    return info.value.reason


def spec(**kw) -> digits.DigitSpec:
    return digits.check_spec(kw)


# ---- schema --------------------------------------------------------------------------------------

def test_minimal_spec_and_defaults():
    s = spec(base=3, allowed=[1, 0], length=2)
    assert s == digits.DigitSpec(3, (1, 0), 2, None, 0)
    assert spec(base=3, allowed=[0], length=1, sum_squares=None, offset=-5).offset == -5


@pytest.mark.parametrize("value, reason", [
    (None, "FORMAT_TYPE"), ([3, [0], 1], "FORMAT_TYPE"), ("spec", "FORMAT_TYPE"),
    ({"base": 3, "allowed": [0]}, "FORMAT_SHAPE"),
    ({"allowed": [0], "length": 1}, "FORMAT_SHAPE"),
    ({"base": 3, "allowed": [0], "length": 1, "count": 1}, "FORMAT_SHAPE"),
    ({"base": 3, "allowed": [0], "length": 1, "Offset": 1}, "FORMAT_SHAPE"),
    ({"base": True, "allowed": [0], "length": 1}, "FORMAT_TYPE"),
    ({"base": 3.0, "allowed": [0], "length": 1}, "FORMAT_TYPE"),
    ({"base": "3", "allowed": [0], "length": 1}, "FORMAT_TYPE"),
    ({"base": 1, "allowed": [0], "length": 1}, "RANGE"),
    ({"base": 1_000_001, "allowed": [0], "length": 1}, "RANGE"),
    ({"base": 3, "allowed": [0], "length": 0}, "RANGE"),
    ({"base": 3, "allowed": [0], "length": 41}, "RANGE"),
    ({"base": 3, "allowed": [0], "length": False}, "FORMAT_TYPE"),
    ({"base": 3, "allowed": "01", "length": 1}, "FORMAT_TYPE"),
    ({"base": 3, "allowed": {"0": 1}, "length": 1}, "FORMAT_TYPE"),
    ({"base": 3, "allowed": [], "length": 1}, "EMPTY"),
    ({"base": 3, "allowed": [0, 3], "length": 1}, "RANGE"),
    ({"base": 3, "allowed": [-1], "length": 1}, "RANGE"),
    ({"base": 3, "allowed": [0, None], "length": 1}, "FORMAT_TYPE"),
    ({"base": 3, "allowed": [0, 1, 0], "length": 1}, "FORMAT_SHAPE"),
    ({"base": 3, "allowed": [0], "length": 1, "sum_squares": -1}, "RANGE"),
    ({"base": 3, "allowed": [0], "length": 2, "sum_squares": 9}, "RANGE"),
    ({"base": 3, "allowed": [0], "length": 1, "sum_squares": 1.0}, "FORMAT_TYPE"),
    ({"base": 3, "allowed": [0], "length": 1, "sum_squares": True}, "FORMAT_TYPE"),
    ({"base": 3, "allowed": [0], "length": 1, "offset": None}, "FORMAT_TYPE"),
    ({"base": 3, "allowed": [0], "length": 1, "offset": 10 ** 18 + 1}, "RANGE"),
    ({"base": 3, "allowed": [0], "length": 1, "offset": -(10 ** 18) - 1}, "RANGE"),
])
def test_schema_rejections(value, reason):
    assert reason_of(digits.check_spec, value) == reason


def test_schema_boundaries_pass():
    digits.check_spec({"base": 2, "allowed": [0, 1], "length": 1})
    digits.check_spec({"base": 1_000_000, "allowed": [999_999], "length": 40})
    digits.check_spec({"base": 3, "allowed": [2], "length": 2, "sum_squares": 8, "offset": 10 ** 18})
    digits.check_spec({"base": 3, "allowed": [0], "length": 2, "sum_squares": 0, "offset": -(10 ** 18)})


# ---- counting and enumeration against brute force --------------------------------------------------

def brute(s: digits.DigitSpec) -> tuple[int, list[int]]:
    """Walk every prefix of the documented tree; return (nodes, sorted elements)."""
    squares = [d * d for d in s.allowed]
    qmin, qmax = min(squares), max(squares)
    nodes, elements = 0, []
    for t in range(1, s.length + 1):
        for prefix in itertools.product(s.allowed, repeat=t):
            sq = sum(d * d for d in prefix)
            r = s.length - t
            if s.sum_squares is None or sq + r * qmin <= s.sum_squares <= sq + r * qmax:
                nodes += 1
                if t == s.length:
                    elements.append(s.offset + sum(d * s.base ** i for i, d in enumerate(prefix)))
    return nodes, sorted(elements)


def all_strings(s: digits.DigitSpec) -> list[int]:
    """The definition: every L-digit string over allowed with the square-sum condition."""
    out = []
    for ds in itertools.product(s.allowed, repeat=s.length):
        if s.sum_squares is None or sum(d * d for d in ds) == s.sum_squares:
            out.append(s.offset + sum(d * s.base ** i for i, d in enumerate(ds)))
    return sorted(out)


@st.composite
def small_specs(draw):
    base = draw(st.integers(2, 8))
    length = draw(st.integers(1, 5))
    allowed = draw(st.lists(st.integers(0, base - 1), min_size=1, max_size=base, unique=True))
    k = draw(st.one_of(st.none(), st.integers(0, length * (base - 1) ** 2)))
    offset = draw(st.integers(-100, 100))
    return digits.DigitSpec(base, tuple(allowed), length, k, offset)


@settings(max_examples=200, deadline=None)
@given(small_specs())
def test_count_and_elements_match_brute_force(s):
    nodes, elements = brute(s)
    assert elements == all_strings(s)           # the pruned tree loses no element and adds none
    assert digits.count(s) == (nodes, len(elements))
    assert sorted(digits.elements(s)) == elements
    assert len(set(elements)) == len(elements)  # distinct strings, distinct integers


@settings(max_examples=100, deadline=None)
@given(small_specs(), st.integers(-150, 150), st.integers(0, 300))
def test_expand_filters_sorts_and_deduplicates(s, lo, width):
    hi = lo + width
    want = sorted({v for v in all_strings(s) if lo <= v <= hi})
    assert digits.expand(s, lo, hi) == tuple(want)


def test_node_count_formula_without_sum_squares():
    assert digits.count(spec(base=3, allowed=[0, 1], length=10)) == (2 ** 11 - 2, 1024)
    assert digits.count(spec(base=10, allowed=[7], length=40)) == (40, 1)


def test_order_of_allowed_does_not_matter():
    a = spec(base=7, allowed=[0, 2, 5, 6], length=4, sum_squares=41, offset=3)
    b = spec(base=7, allowed=[6, 5, 2, 0], length=4, sum_squares=41, offset=3)
    assert digits.count(a) == digits.count(b)
    assert sorted(digits.elements(a)) == sorted(digits.elements(b))


# ---- limits --------------------------------------------------------------------------------------------

def test_limits_are_the_documented_ones():
    assert digits.ELEMENT_LIMIT == 60_000 and digits.NODE_LIMIT == 480_000
    assert digits.MAX_BASE == 1_000_000 and digits.MAX_LENGTH == 40 and digits.MAX_ABS_OFFSET == 10 ** 18
    text = " ".join(digits.limit_sentences())
    assert "60,000" in text and "480,000" in text and "1,000,000" in text and "10^18" in text


def test_node_limit_boundary(monkeypatch):
    s = spec(base=6, allowed=[0, 1, 2, 3, 4, 5], length=5, sum_squares=30)
    nodes, count = digits.count(s)
    assert nodes > count > 0
    monkeypatch.setattr(digits, "NODE_LIMIT", nodes)
    assert digits.count(s) == (nodes, count)
    assert len(digits.elements(s)) == count
    monkeypatch.setattr(digits, "NODE_LIMIT", nodes - 1)
    assert reason_of(digits.count, s) == "EXPANSION_LIMIT"
    assert reason_of(digits.elements, s) == "EXPANSION_LIMIT"


def test_element_limit_boundary(monkeypatch):
    s = spec(base=3, allowed=[0, 1, 2], length=4, sum_squares=5)
    nodes, count = digits.count(s)
    monkeypatch.setattr(digits, "ELEMENT_LIMIT", count)
    assert digits.count(s) == (nodes, count)
    monkeypatch.setattr(digits, "ELEMENT_LIMIT", count - 1)
    assert reason_of(digits.count, s) == "EXPANSION_LIMIT"


def test_real_limits_exactly():
    at = spec(base=60_000, allowed=list(range(60_000)), length=1)
    assert digits.count(at) == (60_000, 60_000)
    over = spec(base=60_001, allowed=list(range(60_001)), length=1)
    assert reason_of(digits.count, over) == "EXPANSION_LIMIT"
    # 2 + 4 + ... + 2^15 = 65,534 nodes, 32,768 elements: fine; 2^16 elements: element limit
    assert digits.count(spec(base=2, allowed=[0, 1], length=15)) == (65_534, 32_768)
    assert reason_of(digits.count, spec(base=2, allowed=[0, 1], length=16)) == "EXPANSION_LIMIT"
    # 479,866 nodes (largest found below the limit) with 2,660 elements
    near = spec(base=51, allowed=list(range(51)), length=7, sum_squares=15423)
    assert digits.count(near) == (479_866, 2_660)


@pytest.mark.parametrize("value", [
    {"base": 2, "allowed": [0, 1], "length": 40},
    {"base": 1_000_000, "allowed": [0, 1, 2, 3], "length": 40},
    {"base": 5, "allowed": [0, 1, 2, 3, 4], "length": 40, "sum_squares": 160},
    {"base": 1_000_000, "allowed": [999_999, 500_000, 1], "length": 40, "sum_squares": 20 * 999_999 ** 2},
])
def test_huge_trees_are_refused_by_counting(value):
    """These trees have 10^12 .. 10^24 nodes: the test would never finish if they were enumerated."""
    s = digits.check_spec(value)
    assert reason_of(digits.count, s) == "EXPANSION_LIMIT"
    assert reason_of(digits.expand, s, 1, 10) == "EXPANSION_LIMIT"


def test_narrow_sum_squares_tree_on_huge_strings():
    s = spec(base=3, allowed=[0, 1, 2], length=40, sum_squares=160)     # only 22...2
    assert digits.count(s) == (40, 1)
    assert digits.elements(s) == [3 ** 40 - 1]
    s = spec(base=1_000_000, allowed=[0, 1], length=40, sum_squares=1)
    assert digits.count(s)[1] == 40
    assert sorted(digits.elements(s)) == [10 ** (6 * i) for i in range(40)]


# ---- difference sets ---------------------------------------------------------------------------------

def test_diffset_points_and_order():
    pts = diffset.check([1, -2, 0], 4)
    assert pts == ((1, 0), (2, 1), (3, 2), (0, 2), (1, 3), (0, 0), (1, 1), (2, 2), (3, 3))
    assert diffset.point_count((1, -2, 0), 4) == 9
    assert diffset.check([3], 4) == ((3, 0),) and diffset.check([-3], 4) == ((0, 3),)


def test_diffset_repeats_are_kept():
    pts = diffset.check([0, 0], 2)
    assert pts == ((0, 0), (1, 1), (0, 0), (1, 1))


def test_diffset_digit_spec_is_filtered_sorted_distinct():
    pts = diffset.check({"base": 3, "allowed": [0, 1], "length": 3, "offset": -5}, 5)
    # {0,1,3,4,9,10,12,13} - 5 = {-5,-4,-2,-1,4,5,7,8}; kept in -4..4: -4, -2, -1, 4
    assert diffset.check_diffs({"base": 3, "allowed": [0, 1], "length": 3, "offset": -5}, 5) == (-4, -2, -1, 4)
    assert len(pts) == 1 + 3 + 4 + 1


@pytest.mark.parametrize("value, n, reason", [
    ([], 5, "EMPTY"), ([5], 5, "RANGE"), ([-5], 5, "RANGE"), ([True], 5, "FORMAT_TYPE"), ([0.0], 5, "FORMAT_TYPE"),
    ("0", 5, "FORMAT_TYPE"), (None, 5, "FORMAT_TYPE"), (0, 5, "FORMAT_TYPE"),
    ({"base": 3, "allowed": [0], "length": 1, "offset": 7}, 5, "EMPTY"),
    ({"base": 3, "allowed": [0], "length": 1, "n": 5}, 5, "FORMAT_SHAPE"),
])
def test_diffset_rejections(value, n, reason):
    assert reason_of(diffset.check, value, n) == reason


def test_diffset_point_limit_boundary():
    n = 2000
    exact = list(range(30)) + [1565]               # 59,565 + 435 = 60,000 points
    assert diffset.point_count(tuple(exact), n) == 60_000
    assert len(diffset.check(exact, n)) == 60_000
    over = list(range(30)) + [1564]
    assert reason_of(diffset.check, over, n) == "EXPANSION_LIMIT"
    assert reason_of(diffset.check, [0] * 60_001, n) == "EXPANSION_LIMIT"
    assert len(diffset.check([1999] * 60_000, n)) == 60_000          # 60,000 one-point diagonals


# ---- against the definition and hostile inputs (brute force, adversarial structure) ----------------

def _random_spec(rnd: random.Random) -> tuple[dict, tuple]:
    base = rnd.choice([2, 3, 4, 5, 7, 10, 100, 10 ** 6])
    pool = range(min(base, 12))
    allowed = rnd.sample(pool, rnd.randint(1, min(base, 4)))
    if base == 10 ** 6 and rnd.random() < 0.5:
        allowed = list(dict.fromkeys(rnd.randrange(base) for _ in range(rnd.randint(1, 3))))
    length = rnd.randint(1, 5)
    k = None if rnd.random() < 0.4 else rnd.randint(0, length * max(allowed) ** 2)
    offset = rnd.randint(-60, 60)
    spec = {"base": base, "allowed": allowed, "length": length, "offset": offset}
    if k is not None or rnd.random() < 0.5:
        spec["sum_squares"] = k
    return spec, (base, allowed, length, k, offset)


@pytest.mark.parametrize("seed", range(2))
def test_digit_spec_forms_match_brute_force(seed):
    rnd = random.Random(6000 + seed)
    for _ in range(150):
        spec, args = _random_spec(rnd)
        values = brute_spec(*args)
        assert digits.count(digits.check_spec(spec)) == (brute_nodes(args[1], args[2], args[3]), len(values))
        a, b, n = rnd.randint(1, 5), rnd.randint(1, 5), rnd.randint(1, 70)
        kept = sorted({v for v in values if 1 <= v <= n})
        if kept:
            expect("lineq", {"a": a, "b": b, "n": n}, {"digits": spec}, brute_lineq(kept, a, b), len(kept))
        else:
            expect("lineq", {"a": a, "b": b, "n": n}, {"digits": spec}, "EMPTY")
        n = rnd.randint(1, 12)
        diffs = sorted({v for v in values if -(n - 1) <= v <= n - 1})
        pts = [(x, x - d) for d in diffs for x in range(n) if 0 <= x - d < n]
        if diffs:
            expect("corners", {"n": n}, {"diff_set": spec}, brute_corners(pts, n), len(pts))
        else:
            expect("corners", {"n": n}, {"diff_set": spec}, "EMPTY")


def test_digit_spec_huge_base_and_offset_are_exact():
    spec = {"base": 10 ** 6, "allowed": [0, 1], "length": 40, "sum_squares": 1, "offset": -(10 ** 18)}
    # elements -10^18 + 10^(6 i), i < 40: the one for i = 3 is 0, outside 1..n; all others are far outside
    expect("lineq", {"a": 1, "b": 1, "n": 10 ** 6}, {"digits": spec}, "EMPTY")
    spec = {"base": 10 ** 6, "allowed": [0, 1], "length": 40, "sum_squares": 1, "offset": -(10 ** 18) + 5}
    expect("lineq", {"a": 1, "b": 1, "n": 10 ** 6}, {"digits": spec}, None, 1)   # only 5
    spec = {"base": 3, "allowed": [0, 1, 2], "length": 1, "offset": -1}       # -1, 0, 1
    expect("corners", {"n": 2}, {"diff_set": spec}, "PROPERTY_VIOLATION")     # all 4 points
    expect("corners", {"n": 1}, {"diff_set": spec}, None, 1)                  # only d = 0 in range
