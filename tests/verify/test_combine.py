"""The trust rule (``checker.verify.combine.combine``) over every pair of verifier outcomes and re-check results.

The expected result is written here a second time, differently: a matrix of verdict statuses (primary
rows, second columns) plus the two refinements (equal objectives for ACCEPT/ACCEPT, equal reason class
for REJECT/REJECT) and the witness rule, so the test does not restate the module's own branches.
"""
from __future__ import annotations

import itertools
from dataclasses import FrozenInstanceError
from fractions import Fraction

import pytest

from endless_exam.certificates.verdict import Status, Verdict
from endless_exam.checker.verify.combine import DISAGREEMENT, Combined, WitnessCheck, combine, needs_recheck

LINE = [[0, 0], [0, 1], [0, 2]]

# the verifier outcomes: (name, verdict, carries a witness the other verifier must confirm)
OUTCOMES = {
    "accept 9": Verdict(Status.ACCEPT, objective=9, message="valid"),
    "accept 8": Verdict(Status.ACCEPT, objective=8, message="valid"),
    "accept 9/1": Verdict(Status.ACCEPT, objective=Fraction(9), message="valid"),      # 9, but a Fraction
    "accept 17/2": Verdict(Status.ACCEPT, objective=Fraction(17, 2), message="valid"),
    "reject format": Verdict(Status.REJECT, reason="FORMAT_TYPE", message="not a list"),
    "reject shape": Verdict(Status.REJECT, reason="FORMAT_SHAPE", message="wrong length"),
    "reject size": Verdict(Status.REJECT, reason="SIZE_LIMIT", message="too large"),
    "reject duplicate": Verdict(Status.REJECT, reason="DUPLICATE", message="twice", witness=[0, 1]),
    "reject property": Verdict(Status.REJECT, reason="PROPERTY_VIOLATION", message="a line", witness=LINE),
    "reject certificate": Verdict(Status.REJECT, reason="CERTIFICATE_INVALID", message="bad cert", witness={"x": 1}),
    "timeout": Verdict(Status.TIMEOUT, reason="TIME_LIMIT", message="60 s"),
    "limit": Verdict(Status.LIMIT, reason="MEMORY_LIMIT", message="4 GiB"),
    "error crash": Verdict(Status.ERROR, reason="VERIFIER_CRASHED", message="died"),
    "error family": Verdict(Status.ERROR, reason="FAMILY_NOT_IMPLEMENTED", message="no such module"),
}
WITNESSED = {"reject duplicate", "reject property", "reject certificate"}
CLASS = {"reject format": "format", "reject shape": "format", "reject size": "limit",
         "reject duplicate": "duplicate", "reject property": "property", "reject certificate": "property"}

# status matrix: primary (row) x second (column) -> "P" (the primary's verdict), "S" (the second's), "D" (disagree),
# "=" (ACCEPT/ACCEPT: the primary's if the objectives are equal and of one type, else D),
# "~" (REJECT/REJECT: the primary's if the reason classes are equal, else D)
MATRIX = """
        ACCEPT  REJECT  TIMEOUT LIMIT   ERROR
ACCEPT  =       D       S       S       S
REJECT  D       ~       P       P       S
TIMEOUT P       S       P       P       S
LIMIT   P       S       S       P       S
ERROR   P       P       P       P       P
"""
_lines = [line.split() for line in MATRIX.strip().splitlines()]
TABLE = {(row[0], col): cell for row in _lines[1:] for col, cell in zip(_lines[0], row[1:])}

# re-check results of a witness: confirmed, refuted, or never answered (absent)
RECHECKS = ("holds", "fails", "absent")


def expected(p_name: str, s_name: str, p_check: str | None, s_check: str | None):
    """(status, winner) where winner is "primary", "second" or None (a disagreement)."""
    if "fails" in (p_check, s_check) or "absent" in (p_check, s_check):
        return Status.DISAGREE, None
    p, s = OUTCOMES[p_name], OUTCOMES[s_name]
    cell = TABLE[(p.status.value, s.status.value)]
    if cell == "=":
        cell = "P" if (p.objective == s.objective and type(p.objective) is type(s.objective)) else "D"
    if cell == "~":
        cell = "P" if CLASS[p_name] == CLASS[s_name] else "D"
    if cell == "D":
        return Status.DISAGREE, None
    return (p.status, "primary") if cell == "P" else (s.status, "second")


def cases():
    for p_name, s_name in itertools.product(OUTCOMES, repeat=2):
        p_opts = RECHECKS if p_name in WITNESSED else (None,)
        s_opts = RECHECKS if s_name in WITNESSED else (None,)
        for p_check, s_check in itertools.product(p_opts, s_opts):
            yield p_name, s_name, p_check, s_check


def _checks(p_check, s_check):
    out = []
    for role, how in (("primary", p_check), ("second", s_check)):
        if how in ("holds", "fails"):
            out.append(WitnessCheck(role, how == "holds", f"{role} witness {how}"))
    return out


@pytest.mark.parametrize("p_name, s_name, p_check, s_check", list(cases()))
def test_truth_table(p_name, s_name, p_check, s_check):
    p, s = OUTCOMES[p_name], OUTCOMES[s_name]
    res = combine(p, s, _checks(p_check, s_check))
    status, winner = expected(p_name, s_name, p_check, s_check)
    assert res.status is status, (p_name, s_name, p_check, s_check, res.message)
    assert res.primary is p and res.second is s
    if winner is None:
        assert (res.objective, res.reason, res.witness) == (None, DISAGREEMENT, None)
        assert res.message
    else:
        v = p if winner == "primary" else s
        assert (res.objective, res.reason, res.message, res.witness) == (v.objective, v.reason, v.message, v.witness)
    assert res.valid is (status is Status.ACCEPT)
    # every witness that needed a re-check is recorded, in order, with its outcome (an absent one as not holding)
    recorded = [(c["witness_of"], c["checked_by"], c["holds"]) for c in res.witness_checks]
    want = [(role, other, how == "holds") for role, other, how in (("primary", "second", p_check),
                                                                  ("second", "primary", s_check)) if how is not None]
    assert recorded == want


def test_the_table_covers_every_pair_and_every_recheck():
    assert len(TABLE) == 25
    assert len(list(cases())) == 11 * 11 + 2 * 11 * 3 * 3 + 9 * 9


def test_needs_recheck_is_exactly_the_witness_reasons():
    assert {name for name, v in OUTCOMES.items() if needs_recheck(v)} == WITNESSED


def test_a_recheck_that_was_not_needed_or_given_twice_is_refused():
    a, rej = OUTCOMES["accept 9"], OUTCOMES["reject property"]
    with pytest.raises(ValueError, match="needs none"):
        combine(a, a, [WitnessCheck("primary", True, "")])
    with pytest.raises(ValueError, match="two re-checks"):
        combine(rej, a, [WitnessCheck("primary", True, ""), WitnessCheck("primary", True, "")])
    with pytest.raises(TypeError):
        combine(rej, a, [{"witness_of": "primary", "holds": True}])


def test_an_unconfirmed_witness_names_whose_it_was():
    res = combine(OUTCOMES["reject property"], OUTCOMES["reject property"],
                  [WitnessCheck("primary", True, "ok"), WitnessCheck("second", False, "no line there")])
    assert res.status is Status.DISAGREE
    assert "second verifier's witness was not confirmed" in res.message and "no line there" in res.message


def test_witness_check_json_round_trip_is_strict():
    check = WitnessCheck("second", True, "confirmed")
    assert check.to_json() == {"witness_of": "second", "checked_by": "primary", "holds": True, "message": "confirmed"}
    assert WitnessCheck.from_json(check.to_json()) == check
    for bad in ({**check.to_json(), "checked_by": "second"}, {**check.to_json(), "holds": 1},
                {**check.to_json(), "extra": 0}, {"witness_of": "second", "holds": True}, ["second"]):
        with pytest.raises((ValueError, TypeError)):
            WitnessCheck.from_json(bad)


def test_combined_is_frozen_and_timed_adds_the_measurements():
    res = combine(OUTCOMES["accept 9"], OUTCOMES["accept 9"])
    with pytest.raises(FrozenInstanceError):
        res.status = Status.REJECT    # type: ignore[misc]
    timed = res.timed(0.5, 0.25, {"a": "1"}, {"b": "2"})
    assert isinstance(timed, Combined) and timed.status is Status.ACCEPT
    assert (timed.primary_seconds, timed.second_seconds, timed.primary_libraries, timed.second_libraries) == (
        0.5, 0.25, {"a": "1"}, {"b": "2"})
    assert (res.primary_seconds, res.primary_libraries) == (0.0, {})


# ---- the formal opinion (the z3 oracle as a third verifier) --------------------------------------------

def test_a_formal_contradiction_turns_an_agreed_accept_into_disagree():
    from endless_exam.checker.verify.combine import FormalOpinion

    p, s = OUTCOMES["accept 9"], OUTCOMES["accept 9"]
    out = combine(p, s, (), FormalOpinion("disagree", "z3 sat", "finds a counterexample [1, 2, 3]"))
    assert out.status is Status.DISAGREE and not out.valid
    assert (out.objective, out.reason, out.witness) == (None, DISAGREEMENT, None)
    assert "z3 oracle finds a counterexample [1, 2, 3]" in out.message and out.formal == "disagree"


def test_a_formal_contradiction_of_a_witnessed_reject_drops_the_witness():
    from endless_exam.checker.verify.combine import FormalOpinion

    p, s = OUTCOMES["reject property"], OUTCOMES["reject property"]
    checks = [WitnessCheck("primary", True, "confirmed"), WitnessCheck("second", True, "confirmed")]
    out = combine(p, s, checks, FormalOpinion("disagree", "z3 unsat", "finds no counterexample"))
    assert (out.status, out.witness, out.objective) == (Status.DISAGREE, None, None)


@pytest.mark.parametrize("outcome", ["agree", "unknown", "skipped (too large)", "skipped (not applicable)"])
def test_any_other_formal_opinion_is_recorded_beside_the_verdict(outcome):
    from endless_exam.checker.verify.combine import FormalOpinion

    plain = combine(OUTCOMES["accept 9"], OUTCOMES["accept 9"])
    out = combine(OUTCOMES["accept 9"], OUTCOMES["accept 9"], (), FormalOpinion(outcome, "msg"))
    assert (out.status, out.objective, out.formal, out.formal_message) == (Status.ACCEPT, 9, outcome, "msg")
    assert plain.formal is None
