"""``checker.scoring.callrow.CallRow``: frozen, typed, and read back only exactly as it was written."""
from __future__ import annotations

import json
from dataclasses import FrozenInstanceError
from fractions import Fraction

import pytest

from endless_exam.certificates.verdict import Status, Verdict
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.callrow import (CallRow, RowError, Verification, Verified, VerifierSummary,
                                          outcome_from_json, outcome_json, verification_fields)
from endless_exam.checker.verify.combine import WitnessCheck, combine

CAPSET = suites.find("a3-capset-11")          # max, published reference 1082
LABS = suites.find("a3-labs-0")               # a rational reference, the decimal bound 12.32
SHA = "ab" * 32


def _verification(objective, *, formal=None, has_formal=False):
    s = VerifierSummary(Status.ACCEPT, objective, None, "valid", 0.25)
    return Verification(s, s, None, (), formal, has_formal)


def accepted(inst=CAPSET, objective=1200, **kw) -> CallRow:
    return CallRow.of(inst, 3, SHA, "scored", "ACCEPT", objective, None, "valid", _verification(objective, **kw))


def rejected() -> CallRow:
    p = VerifierSummary(Status.REJECT, None, "PROPERTY_VIOLATION", "a line", 0.5)
    checks = (WitnessCheck("primary", True, "confirmed"), WitnessCheck("second", True, "confirmed"))
    v = Verification(p, p, {"indices": [0, 1, 2]}, checks)
    return CallRow.of(CAPSET, 4, SHA, "scored", "REJECT", None, "PROPERTY_VIOLATION", "a line", v)


def zero() -> CallRow:
    return CallRow.of(CAPSET, 5, SHA, "zero", "ZERO", None, "finish_reason:length", "did not finish")


def roundtrip(row: CallRow) -> CallRow:
    return CallRow.from_json(json.loads(json.dumps(row.to_json())))


@pytest.mark.parametrize("make", [accepted, rejected, zero, lambda: accepted(formal="agree", has_formal=True),
                                  lambda: accepted(LABS, Fraction(1400, 251))])
def test_every_kind_of_row_round_trips_exactly(make):
    row = make()
    back = roundtrip(row)
    assert back == row and back.to_json() == row.to_json()


def test_derived_fields_are_computed_here():
    row = accepted()
    data = row.to_json()
    assert row.ratio == Fraction(1200, 1082) and data["ratio_exact"] == "600/541"
    assert data["valid"] is True and data["published_breakthrough"] is True and data["objective_float"] == 1200.0
    assert zero().ratio == 0 and zero().to_json()["ratio_exact"] == "0"


def test_objectives_stay_exact_even_beyond_floats_and_int_str_limits():
    huge = 10 ** 5000 + 1
    row = roundtrip(accepted(objective=huge))
    assert row.objective == huge and type(row.objective) is int
    assert row.to_json()["objective_float"] is None and row.to_json()["ratio"] is None
    frac = roundtrip(accepted(LABS, Fraction(1400, 251)))
    assert frac.objective == Fraction(1400, 251) and frac.outcome_view().objective == Fraction(1400, 251)


@pytest.mark.parametrize("edit, fragment", [
    (lambda d: d.update(ratio=0.5), "'ratio'"),
    (lambda d: d.update(ratio_exact="1"), "'ratio_exact'"),
    (lambda d: d.update(valid=False), "'valid'"),
    (lambda d: d.update(objective_float=1.0), "'objective_float'"),
    (lambda d: d.update(published_breakthrough=False), "'published_breakthrough'"),
    (lambda d: d.update(objective=1200), "'objective'"),               # a JSON number, not the exact string
    (lambda d: d.update(objective="2400/2"), "'objective'"),           # not in lowest terms
    (lambda d: d.update(objective="1200.0"), "'objective'"),
    (lambda d: d.update(extra=1), "unknown field 'extra'"),
    (lambda d: d.pop("message"), "missing field 'message'"),
    (lambda d: d.pop("witness"), "missing field 'witness'"),           # a verification is all or nothing
    (lambda d: d.update(line=0), "'line'"),
    (lambda d: d.update(line_sha256="x"), "'line_sha256'"),
    (lambda d: d.update(status="REJECT"), "only an ACCEPT, has an objective"),
    (lambda d: d.update(outcome="zero"), "cannot have status"),
    (lambda d: d["primary"].update(seconds="0.25"), "'seconds'"),
    (lambda d: d["primary"].update(status="MAYBE"), "verdict status"),
    (lambda d: d["primary"].update(status="ACCEPT", objective=None), "objective"),
    (lambda d: d["witness_checks"].append({"witness_of": "primary"}), "witness_checks[0]"),
])
def test_anything_but_what_to_json_writes_is_refused(edit, fragment):
    data = json.loads(json.dumps(accepted().to_json()))
    edit(data)
    with pytest.raises(RowError, match=fragment.replace("[", r"\[").replace("]", r"\]")):
        CallRow.from_json(data, "progress line 2")


def test_rows_are_checked_when_built_and_frozen():
    with pytest.raises(RowError, match="has their verdicts"):
        CallRow.of(CAPSET, 1, SHA, "scored", "ACCEPT", 5, None, "valid")
    with pytest.raises(RowError, match="no verdicts"):
        CallRow.of(CAPSET, 1, SHA, "zero", "ZERO", None, "deadline", "late", _verification(5))
    with pytest.raises(RowError, match="exact"):
        CallRow.of(CAPSET, 1, SHA, "scored", "ACCEPT", 5.0, None, "valid", _verification(5))
    with pytest.raises(FrozenInstanceError):
        accepted().status = "REJECT"     # type: ignore[misc]


def test_the_verification_fields_carry_the_combined_verdict():
    p = Verdict(Status.ACCEPT, objective=Fraction(7, 2), message="valid")
    res = combine(p, p).timed(0.123456, 0.5, {}, {})
    fields = verification_fields(res, formal=False)
    assert fields["combined"] == {"status": "ACCEPT", "objective": "7/2", "reason": None, "message": "valid"}
    assert fields["primary"]["seconds"] == 0.1235 and "formal" not in fields
    back = Verified.from_json(json.loads(json.dumps(fields)))
    assert back == Verified.of(res, formal=False) and back.objective == Fraction(7, 2)
    for bad in ({**fields, "extra": 1}, {**fields, "combined": {**fields["combined"], "status": "MAYBE"}},
                {**fields, "combined": {**fields["combined"], "objective": 3.5}}):
        with pytest.raises(RowError):
            Verified.from_json(bad)


def test_the_scored_view_reads_other_writers_rows_strictly():
    outcome = accepted().outcome_view()
    data = {**outcome_json(outcome, CAPSET.params), "note": "any writer may add fields"}
    assert outcome_from_json(data, "s.json: calls_scored[0]") == outcome
    with pytest.raises(RowError, match="calls_scored\\[0\\].*'ratio' .* and 'ratio_exact'"):
        outcome_from_json({**data, "ratio": 0.5}, "s.json: calls_scored[0]")
    with pytest.raises(RowError, match="'objective' must be an exact number"):
        outcome_from_json({**data, "objective": 1200.0}, "s.json: calls_scored[0]")
