"""The shared fast path of strict parsing for integer vectors (``certificates.forms.intvectors``) and the
corners and matmul schemas that take it: it accepts exactly what the item-by-item checks accept, and
whatever it refuses falls back to those checks, which name the fault (booleans and floats are not
integers even where a set would merge them with an equal integer)."""
from __future__ import annotations

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.forms import intvectors
from endless_exam.certificates.schemas import corners, matmul
from tests.common import matmul_schemes


@pytest.mark.parametrize("values", [
    [1, True],                 # True == 1: a set of the values alone would hide it
    [True, 1],
    [0, False],
    [1, 1.0],
    [2, 2.0, 2],
    [0, -0.0],
    [1, "1"],
    [1, None],
    [1, [1]],
    [0, 2 ** 70],              # an integer, but outside the range
    [-1, 0],
    [0, 5],
])
def test_ints_in_rejects_every_value_that_is_not_an_integer_in_range(values):
    assert not intvectors.ints_in(values, 0, 4)


def test_ints_in_accepts_integers_in_range_and_the_empty_list():
    assert intvectors.ints_in([0, 4, 4, 2, 0], 0, 4)
    assert intvectors.ints_in([], 0, 4)
    assert intvectors.ints_in([-4, 4], -4, 4)


@pytest.mark.parametrize("answer", [
    [],
    [[0, 1], [1]],
    [[0, 1], [1, 2, 3]],
    [[0, 1, 2], [3]],          # the total count of coordinates is right, the lengths are not
    [[0, 1], (1, 2)],
    [[0, 1], [1, True]],
    [[1, 0], [1.0, 0]],
    [[0, 1], [1, 9]],
    [[0, 1], [[1], 2]],
])
def test_flat_ints_refuses_what_the_strict_checks_reject(answer):
    assert intvectors.flat_ints(answer, 2, 0, 4) is None
    assert not intvectors.well_formed(answer, 2, 0, 4)


def test_flat_ints_returns_the_coordinates_in_item_order():
    assert intvectors.flat_ints([[3, 1], [0, 4], [3, 1]], 2, 0, 4) == [3, 1, 0, 4, 3, 1]
    assert intvectors.flat_ints([[], []], 0, 0, 4) == []


@pytest.mark.parametrize("bad, reason", [
    ([[0, 1], [1, 1], [1, True]], "FORMAT_TYPE"),   # hidden behind an equal integer
    ([[1, 1], [1.0, 0]], "FORMAT_TYPE"),
    ([[0, 1], [1, 2, 3], [4]], "FORMAT_SHAPE"),
    ([[0, 1], [2 ** 70, 0]], "RANGE"),
])
def test_corners_parse_rejects_through_the_item_checks(bad, reason):
    with pytest.raises(AnswerError) as err:
        corners.parse(bad, {"n": 5})
    assert err.value.reason == reason


def test_corners_fast_and_item_paths_give_the_same_answer(monkeypatch):
    answer = [[4, 0], [0, 0], [2, 3], [4, 0]]
    fast = corners.parse(answer, {"n": 5})
    monkeypatch.setattr(intvectors, "flat_ints", lambda *a: None)     # force the item-by-item path
    slow = corners.parse(answer, {"n": 5})
    assert fast == slow
    assert fast.coords == (4, 0, 0, 0, 2, 3, 4, 0)
    assert fast.points == slow.points == ((4, 0), (0, 0), (2, 3), (4, 0))
    assert corners.size(fast) == 4 and corners.item(fast, 2) == [2, 3]


def test_corners_diff_set_answer_has_its_coordinates():
    parsed = corners.parse({"diff_set": [0]}, {"n": 3})
    assert parsed.points == ((0, 0), (1, 1), (2, 2)) and parsed.coords == (0, 0, 1, 1, 2, 2)


def _copy(scheme):
    return [[list(f) for f in prod] for prod in scheme]


MATMUL = {"n": 1, "m": 2, "p": 2}          # u has 2 coefficients, v 4, w 2


@pytest.mark.parametrize("change, reason", [
    (lambda s: s[1][0].__setitem__(1, True), "FORMAT_TYPE"),
    (lambda s: s[2][2].__setitem__(0, 1.0), "FORMAT_TYPE"),
    (lambda s: s[0][1].__setitem__(3, -0.0), "FORMAT_TYPE"),
    (lambda s: s[3][1].__setitem__(0, 5), "RANGE"),
    (lambda s: s[3][1].__setitem__(0, -2 ** 80), "RANGE"),
    (lambda s: (s[1][0].append(0), s[1][2].pop()), "FORMAT_SHAPE"),   # lengths 3 and 1: the total is right
    (lambda s: s[1].__setitem__(1, tuple(s[1][1])), "FORMAT_TYPE"),
    (lambda s: s[2].append([0]), "FORMAT_SHAPE"),
])
def test_matmul_parse_rejects_through_the_item_checks(change, reason):
    bad = _copy(matmul_schemes.naive(1, 2, 2))
    change(bad)
    with pytest.raises(AnswerError) as err:
        matmul.parse(bad, MATMUL)
    assert err.value.reason == reason


def test_matmul_fast_path_keeps_the_products_in_order():
    scheme = _copy(matmul_schemes.naive(1, 2, 2))
    parsed = matmul.parse(scheme, MATMUL)
    assert parsed.products == tuple(tuple(tuple(f) for f in prod) for prod in scheme)
    assert all(type(f) is tuple for prod in parsed.products for f in prod)
