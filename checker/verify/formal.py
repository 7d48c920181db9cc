"""The formal opinion (``verify --formal``, ``score --formal``): the z3 oracle as a third verifier.

After both verifiers have decided, the second verifier's process runs the family's z3 oracle
(``endless_exam.crosscheck.oracle.<key>``: the definition stated directly) when the answer is small enough
for it (the oracle's ``fits`` and ``SIZE_RULE``) and the verdict is about the defining property: an
ACCEPT (the oracle must find no counterexample: ``unsat``) or a PROPERTY_VIOLATION rejection (the oracle
must find one: ``sat``). The outcome is one of

* ``agree`` -- the oracle decided as the verifiers did;
* ``disagree`` -- it decided the other way; the combined verdict becomes DISAGREE, exactly like a
  disagreement between the two verifiers (never scored);
* ``skipped (too large)`` -- the answer is beyond the oracle's size rule (stated in the message);
* ``skipped (not applicable)`` -- the verdict is not about the property (a format, size or duplicate
  rejection, a timeout, an error);
* ``unknown`` -- z3 gave up within the budget, or the oracle process failed; the verdict stands and
  the message says why.

The budget is the harness's time limit for one verifier process (z3 gets 90% of it).
"""
from __future__ import annotations

from typing import Any, Callable

from endless_exam.certificates.verdict import Status

from endless_exam.checker.verify.combine import FORMAL_DISAGREE, FormalOpinion, WitnessCheck, combine

AGREE, DISAGREE, UNKNOWN = "agree", FORMAL_DISAGREE, "unknown"
TOO_LARGE, NOT_APPLICABLE = "skipped (too large)", "skipped (not applicable)"


def applicable(status: Status, reason: str | None) -> bool:
    return status is Status.ACCEPT or (status is Status.REJECT and reason == "PROPERTY_VIOLATION")


def attach(combined: Any, header: dict, payload: bytes, time_limit: float, memory_limit: int,
           run_second: Callable[[dict, bytes, float, int], tuple[dict | None, Any, float]]) -> Any:
    """``combined`` with the z3 oracle's opinion, through the trust rule (``combine``: an oracle that
    contradicts the verdict makes it DISAGREE)."""
    return _recombined(combined, _opinion(combined, header, payload, time_limit, memory_limit, run_second))


def _opinion(combined: Any, header: dict, payload: bytes, time_limit: float, memory_limit: int,
             run_second: Callable[[dict, bytes, float, int], tuple[dict | None, Any, float]]) -> FormalOpinion:
    if not applicable(combined.status, combined.reason):
        return FormalOpinion(NOT_APPLICABLE, f"the verdict ({combined.status.value} {combined.reason or ''}) is not "
                                             "about the property")
    request = dict(header, op="formal", timeout_ms=max(1, int(time_limit * 900)))
    result, failure, _seconds = run_second(request, payload, time_limit, memory_limit)
    if failure is not None or not isinstance(result, dict):
        why = failure.message if failure is not None else "no result"
        return FormalOpinion(UNKNOWN, f"the formal check did not finish: {why}")
    answer, message = result.get("formal"), str(result.get("message", ""))
    if answer == "skipped":
        return FormalOpinion(TOO_LARGE, message)
    if answer not in ("sat", "unsat"):
        return FormalOpinion(UNKNOWN, message or "z3 returned unknown")
    expected = "unsat" if combined.status is Status.ACCEPT else "sat"
    if answer == expected:
        return FormalOpinion(AGREE, message)
    what = ("finds a counterexample " + repr(result.get("witness"))) if answer == "sat" else "finds no counterexample"
    return FormalOpinion(DISAGREE, message, what)


def _recombined(combined: Any, opinion: FormalOpinion) -> Any:
    """The trust rule applied again to the same verdicts and re-checks, with the opinion; the harness's
    measurements (seconds, libraries) carried over."""
    rechecks = [WitnessCheck.from_json(r) for r in combined.witness_checks]
    return combine(combined.primary, combined.second, rechecks, opinion).timed(
        combined.primary_seconds, combined.second_seconds, combined.primary_libraries, combined.second_libraries)
