"""The verdict model (certificates.verdict), the reason table, and exact ratios (checker.scoring)."""
from __future__ import annotations

import dataclasses
import json
from fractions import Fraction

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.reasons import REASONS, reason_class, table
from endless_exam.certificates.verdict import (Status, Verdict, accept, objective_from_str, objective_to_float, objective_to_str,
                                  reject)
from endless_exam.checker.scoring.aggregate import reference_ratio as ratio, ratio_float

KNOWN_CLASSES = {"format", "limit", "duplicate", "property", "usage", "budget", "infrastructure"}
NON_ACCEPT = [s for s in Status if s is not Status.ACCEPT]


# ---- invariants ------------------------------------------------------------------------------------

def test_accept_needs_an_objective_and_no_reason():
    v = Verdict(Status.ACCEPT, objective=5)
    assert v.valid and v.objective == 5 and v.reason is None
    with pytest.raises(ValueError):
        Verdict(Status.ACCEPT)
    with pytest.raises(ValueError):
        Verdict(Status.ACCEPT, objective=5, reason="PROPERTY_VIOLATION")


@pytest.mark.parametrize("status", NON_ACCEPT)
def test_non_accept_needs_a_known_reason(status):
    with pytest.raises(ValueError):
        Verdict(status)
    with pytest.raises(ValueError):
        Verdict(status, reason="NOT_A_REASON")
    with pytest.raises(ValueError):
        Verdict(status, reason="property_violation")  # codes are case-sensitive
    v = Verdict(status, reason="INTERNAL_ERROR")
    assert not v.valid


def test_status_must_be_a_status():
    with pytest.raises(TypeError):
        Verdict("ACCEPT", objective=1)  # type: ignore[arg-type]


@pytest.mark.parametrize("bad", [True, False, 1.0, 2.5, "3", [3], object()])
def test_objectives_must_be_int_or_fraction(bad):
    with pytest.raises(TypeError):
        Verdict(Status.ACCEPT, objective=bad)


def test_booleans_are_refused_everywhere():
    with pytest.raises(TypeError):
        objective_to_str(True)
    with pytest.raises(TypeError):
        Verdict(Status.REJECT, reason="EMPTY", objective=False)


def test_verdicts_are_frozen():
    v = accept(3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.objective = 4  # type: ignore[misc]


def test_helpers():
    v = accept(7, "ok")
    assert v.status is Status.ACCEPT and v.objective == 7 and v.message == "ok"
    r = reject("PROPERTY_VIOLATION", "line", {"indices": [0, 1, 2]})
    assert r.status is Status.REJECT and r.reason == "PROPERTY_VIOLATION" and r.witness == {"indices": [0, 1, 2]}
    assert r.objective is None and not r.valid


# ---- JSON round trip -------------------------------------------------------------------------------

@pytest.mark.parametrize("objective", [0, 1, 1082, -5, 10 ** 300 + 7, Fraction(1400, 251), Fraction(-3, 7),
                                       Fraction(10 ** 200 + 1, 3 ** 150)])
def test_json_round_trip_is_exact(objective):
    v = Verdict(Status.ACCEPT, objective=objective, message="m", seconds=0.5)
    data = json.loads(json.dumps(v.to_json()))
    assert isinstance(data["objective"], str)
    back = Verdict.from_json(data)
    assert back.objective == objective and type(back.objective) is type(objective)
    assert back.status is Status.ACCEPT and back.message == "m" and back.seconds == 0.5


def test_integral_fraction_is_written_as_an_integer():
    assert objective_to_str(Fraction(6, 3)) == "2"
    assert objective_from_str("2") == 2 and type(objective_from_str("2")) is int
    assert objective_from_str("4/6") == Fraction(2, 3)
    assert objective_to_str(None) is None and objective_from_str(None) is None


def test_reject_round_trip_keeps_reason_and_witness():
    v = reject("DUPLICATE", "point 000 twice", {"point": "000", "indices": [0, 3]})
    back = Verdict.from_json(json.loads(json.dumps(v.to_json())))
    assert back == dataclasses.replace(v, seconds=None)
    assert back.to_json()["objective"] is None and back.to_json()["objective_float"] is None


def test_objective_float_is_for_display_and_never_crashes():
    assert accept(Fraction(1, 3)).objective_float == pytest.approx(1 / 3)
    assert accept(10 ** 400).objective_float is None  # beyond the float range: no display float, exact text stays
    assert objective_to_float(Fraction(10 ** 400, 3)) is None
    assert objective_to_float(None) is None


# ---- the reason table ------------------------------------------------------------------------------

def test_every_reason_code_has_a_known_class():
    assert len(REASONS) == len(table())  # codes are unique
    for code, entry in REASONS.items():
        assert entry.code == code
        assert entry.klass in KNOWN_CLASSES, code
        assert entry.meaning
        assert reason_class(code) == entry.klass


def test_the_documented_codes_exist():
    for code in ("FORMAT_TYPE", "FORMAT_SHAPE", "RANGE", "DUPLICATE", "EMPTY", "SIZE_LIMIT", "EXPANSION_LIMIT",
                 "PROPERTY_VIOLATION", "CERTIFICATE_INVALID", "TIME_LIMIT", "MEMORY_LIMIT", "NO_ANSWER",
                 "JSON_NONFINITE", "JSON_DUPLICATE_KEY", "JSON_DEPTH", "JSON_NUMBER", "JSON_SYNTAX",
                 "JSON_ENCODING", "VERIFIER_CRASHED", "INTERNAL_ERROR", "independent_verifier_disagreement"):
        assert code in REASONS
    assert reason_class("DUPLICATE") == "duplicate"
    assert reason_class("PROPERTY_VIOLATION") == reason_class("CERTIFICATE_INVALID") == "property"
    assert reason_class("TIME_LIMIT") == reason_class("MEMORY_LIMIT") == "budget"


def test_reason_class_of_unknown_and_none():
    assert reason_class(None) is None
    with pytest.raises(KeyError):
        reason_class("NOPE")


def test_answer_error_refuses_unknown_codes():
    with pytest.raises(ValueError):
        AnswerError("NOPE", "x")
    assert AnswerError("RANGE", "x").reason == "RANGE"


# ---- exact ratios ----------------------------------------------------------------------------------

def test_ratio_max_and_min():
    assert ratio(1008, 1082, "max", True) == Fraction(1008, 1082)
    assert ratio(2432, 2432, "max", True) == 1
    assert ratio(100, 80, "min", True) == Fraction(80, 100)
    assert ratio(Fraction(1, 3), Fraction(1400, 251), "max", True) == Fraction(251, 4200)
    assert ratio(Fraction(1, 3), Fraction(1, 6), "min", True) == Fraction(1, 2)
    assert type(ratio(5, 5, "max", True)) is Fraction


def test_ratio_is_uncapped():
    assert ratio(3000, 2432, "max", True) == Fraction(3000, 2432)
    assert ratio(40, 80, "min", True) == 2


@pytest.mark.parametrize("sense", ["max", "min"])
def test_ratio_of_invalid_zero_or_missing_objective_is_zero(sense):
    assert ratio(1008, 1082, sense, False) == 0
    assert ratio(None, 1082, sense, False) == 0
    assert ratio(None, 1082, sense, True) == 0
    assert ratio(0, 1082, sense, True) == 0
    assert ratio(-4, 1082, sense, True) == 0
    assert ratio(Fraction(0), Fraction(1, 3), sense, True) == 0


@pytest.mark.parametrize("sense", ["max", "min"])
def test_ratio_without_reference_is_none(sense):
    assert ratio(1008, None, sense, True) is None
    assert ratio(None, None, sense, False) is None
    assert ratio_float(None) is None


def test_ratio_unknown_sense():
    with pytest.raises(ValueError):
        ratio(1, 2, "maximum", True)


def test_ratio_with_big_integers_is_exact():
    a = 367 ** 8 * 10 ** 250 + 1
    h = 3 ** 600
    r = ratio(a, h, "max", True)
    assert r == Fraction(a, h) and r.numerator * h == a * r.denominator
    assert ratio(a, h, "min", True) == Fraction(h, a)
    # differs from the float quotient: the exact +1 matters
    assert ratio(10 ** 300 + 1, 10 ** 300, "max", True) != 1
    assert ratio(10 ** 300 + 1, 10 ** 300, "max", True) - 1 == Fraction(1, 10 ** 300)


def test_ratio_float_never_crashes():
    assert ratio_float(Fraction(1008, 1082)) == pytest.approx(1008 / 1082)
    assert ratio_float(ratio(10 ** 400, 3, "max", True)) is None
    assert ratio_float(ratio(3, 10 ** 400, "max", True)) == 0.0
    assert ratio_float(Fraction(0)) == 0.0
