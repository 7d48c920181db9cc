"""The trust rule: how two verifiers' verdicts (and the re-checks of their witnesses) become one result.

This module is the only statement of the rule. The harness calls :func:`combine` after it ran both
verifiers and the re-checks; ``score.row_is_consistent`` calls it again on a saved progress row, so a
row is reused only if the rule, applied to the verdicts it records, gives the verdict it claims.

The rule, in order:

* a REJECT that carries a witness (reason class ``duplicate`` or ``property``:
  ``reasons.WITNESS_REASONS``) must have been re-checked by the OTHER verifier (``needs_recheck``);
  a witness that re-check does not confirm, or a re-check that is missing, is a DISAGREE;
* both ACCEPT with exactly equal objectives (same value and type) -> ACCEPT; unequal -> DISAGREE;
* both REJECT with the same reason class -> REJECT (the primary's reason, message and witness);
  different classes -> DISAGREE;
* ACCEPT against REJECT -> DISAGREE;
* a REJECT against a TIMEOUT or LIMIT of the other -> REJECT (certified by the witness re-check when
  it has one);
* otherwise the first ERROR, then TIMEOUT, then LIMIT (primary before second);
* anything else (e.g. a verifier that reports DISAGREE itself) -> DISAGREE;
* and when a formal opinion is given (``checker.verify.formal``: the z3 oracle, a third verifier): an oracle
  that contradicts the verdict turns it into DISAGREE; any other opinion is recorded beside the verdict.

Every DISAGREE has the reason ``independent_verifier_disagreement``, no objective and no witness.
:func:`combine` is pure: no processes, no I/O, no clock; the harness adds the measured seconds and the
libraries each process loaded (:meth:`Combined.timed`); ``checker.verify.formal`` asks the z3 oracle and
hands its opinion back to :func:`combine`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Iterable

from endless_exam.certificates.reasons import WITNESS_REASONS, reason_class
from endless_exam.certificates.verdict import Objective, Status, Verdict, objective_to_str

DISAGREEMENT = "independent_verifier_disagreement"
ROLES = ("primary", "second")


@dataclass(frozen=True)
class WitnessCheck:
    """The re-check of one verifier's witness by the other verifier."""
    witness_of: str          # "primary" or "second": whose witness was re-checked
    holds: bool              # the other verifier confirmed it is a real counterexample
    message: str

    def __post_init__(self) -> None:
        if self.witness_of not in ROLES:
            raise ValueError(f"witness_of must be one of {ROLES}, got {self.witness_of!r}")
        if type(self.holds) is not bool:
            raise TypeError(f"holds must be a bool, got {self.holds!r}")

    @property
    def checked_by(self) -> str:
        return "second" if self.witness_of == "primary" else "primary"

    def to_json(self) -> dict:
        return {"witness_of": self.witness_of, "checked_by": self.checked_by, "holds": self.holds,
                "message": self.message}

    @classmethod
    def from_json(cls, data: dict) -> "WitnessCheck":
        if type(data) is not dict or set(data) != {"witness_of", "checked_by", "holds", "message"}:
            raise ValueError(f"a witness check has the keys witness_of, checked_by, holds, message: {data!r:.200}")
        check = cls(data["witness_of"], data["holds"], data["message"])
        if data["checked_by"] != check.checked_by or type(data["message"]) is not str:
            raise ValueError(f"malformed witness check {data!r:.200}")
        return check


@dataclass(frozen=True)
class Combined:
    """The result of verifying one answer with both verifiers (``endless_exam.Result``)."""
    status: Status
    objective: Objective | None
    reason: str | None
    message: str
    witness: object
    primary: Verdict
    second: Verdict
    primary_seconds: float = 0.0
    second_seconds: float = 0.0
    witness_checks: list[dict] = field(default_factory=list)   # WitnessCheck.to_json of each re-check
    primary_libraries: dict[str, str] = field(default_factory=dict)   # distribution -> version, as loaded
    second_libraries: dict[str, str] = field(default_factory=dict)
    formal: str | None = None          # the z3 oracle's opinion when asked for (checker.verify.formal)
    formal_message: str = ""

    @property
    def valid(self) -> bool:
        return self.status is Status.ACCEPT

    def timed(self, primary_seconds: float, second_seconds: float, primary_libraries: dict[str, str],
              second_libraries: dict[str, str]) -> "Combined":
        """This result with what the harness measured: wall seconds and loaded libraries per verifier."""
        return replace(self, primary_seconds=primary_seconds, second_seconds=second_seconds,
                       primary_libraries=primary_libraries, second_libraries=second_libraries)


def needs_recheck(v: Verdict) -> bool:
    """Does this verdict carry a witness that the other verifier must confirm?"""
    return v.status is Status.REJECT and v.reason in WITNESS_REASONS


def brief(value: Objective | None) -> str:
    text = objective_to_str(value) or "none"
    return text if len(text) <= 40 else f"{text[:18]}...{text[-18:]} ({len(text)} characters)"


@dataclass(frozen=True)
class FormalOpinion:
    """The z3 oracle's opinion on a combined verdict (``checker.verify.formal``): ``outcome`` is one of its
    outcome words, ``message`` the oracle's own, ``contradiction`` what it found when it disagrees."""
    outcome: str
    message: str = ""
    contradiction: str = ""


FORMAL_DISAGREE = "disagree"


def combine(primary: Verdict, second: Verdict, rechecks: Iterable[WitnessCheck] = (),
            formal: FormalOpinion | None = None) -> Combined:
    """One result from both verdicts, the re-checks of their witnesses and, when given, the formal opinion
    (the rule above).

    ``rechecks`` holds one :class:`WitnessCheck` for each verdict that ``needs_recheck``; a re-check of a
    verdict that needs none, or two of one verdict, is a ``ValueError`` (a caller's mistake)."""
    result = _combine_two(primary, second, rechecks)
    if formal is None:
        return result
    if formal.outcome == FORMAL_DISAGREE:
        return replace(result, status=Status.DISAGREE, objective=None, reason=DISAGREEMENT, witness=None,
                       message=f"formal disagreement: both verifiers say {result.status.value} but the z3 oracle "
                               f"{formal.contradiction}",
                       formal=formal.outcome, formal_message=formal.message)
    return replace(result, formal=formal.outcome, formal_message=formal.message)


def _combine_two(primary: Verdict, second: Verdict, rechecks: Iterable[WitnessCheck]) -> Combined:
    p, s = primary, second
    given: dict[str, WitnessCheck] = {}
    for check in rechecks:
        if not isinstance(check, WitnessCheck):
            raise TypeError(f"expected a WitnessCheck, got {type(check).__name__}")
        if check.witness_of in given:
            raise ValueError(f"two re-checks of the {check.witness_of} verifier's witness")
        given[check.witness_of] = check
    needed = [name for name, v in (("primary", p), ("second", s)) if needs_recheck(v)]
    extra = set(given) - set(needed)
    if extra:
        raise ValueError(f"a re-check of the {sorted(extra)[0]} verifier's witness, which needs none")
    checks = [given.get(name) or WitnessCheck(name, False, "no result") for name in needed]
    records = [c.to_json() for c in checks]

    def disagree(message: str) -> Combined:
        return Combined(Status.DISAGREE, None, DISAGREEMENT, message, None, p, s, witness_checks=records)

    def chosen(v: Verdict) -> Combined:
        return Combined(v.status, v.objective, v.reason, v.message, v.witness, p, s, witness_checks=records)

    for check in checks:
        if not check.holds:
            return disagree(f"the {check.witness_of} verifier's witness was not confirmed by the other verifier: "
                            f"{check.message}")
    if p.status is Status.ACCEPT and s.status is Status.ACCEPT:
        if p.objective == s.objective and type(p.objective) is type(s.objective):
            return chosen(p)
        return disagree(f"objectives differ: primary {brief(p.objective)}, second {brief(s.objective)}")
    if p.status is Status.REJECT and s.status is Status.REJECT:
        if reason_class(p.reason) == reason_class(s.reason):
            return chosen(p)
        return disagree(f"rejection reasons differ: primary {p.reason}, second {s.reason}")
    if {p.status, s.status} == {Status.ACCEPT, Status.REJECT}:
        rej = p if p.status is Status.REJECT else s
        return disagree(f"one verifier accepts, the other rejects ({rej.reason}: {rej.message})")
    budget = (Status.TIMEOUT, Status.LIMIT)
    if p.status is Status.REJECT and s.status in budget:
        return chosen(p)
    if s.status is Status.REJECT and p.status in budget:
        return chosen(s)
    for status in (Status.ERROR, Status.TIMEOUT, Status.LIMIT):
        for v in (p, s):
            if v.status is status:
                return chosen(v)
    return disagree(f"unexpected verdict pair {p.status.value}/{s.status.value}")
