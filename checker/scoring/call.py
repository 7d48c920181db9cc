"""Scoring one call: from its answers record to its :class:`~endless_exam.checker.scoring.callrow.CallRow`.

One answers line is one sample of a call (``AnswerRecord.sample``, default 0); its row carries the same
sample, and everything here is per sample: samples of one call are scored independently.

Used by both backends of ``score`` (``score`` runs :func:`score_record` in threads; ``score_ray`` runs
:func:`decide_without_verification` and :func:`verification_payload` on the driver, ``harness.verify``
in a Ray task, and :func:`verified_row` on the driver again), so a row does not depend on where its
verification ran. The objective stays exact: an ``int`` or ``Fraction`` from the harness's verdict to
the row (a Ray task's reply carries it as its exact text). The outcome classes, decided in this order:

1. infrastructure (``error``, ``finish_reason`` or ``verify_msg`` is an infrastructure reason) -> missing;
2. tool-free track: ``finish_reason`` other than ``stop`` -> zero; ``output_tokens`` above 128,000 -> zero;
   tool-assisted track: ``submission_within_deadline`` false -> zero; a finish reason other than
   stop/timeout/resource_limit/length -> zero; no token cap;
3. a family not implemented yet -> missing (``family_not_implemented``), never verified;
4. a line, answer or content over its size limit -> REJECT ``SIZE_LIMIT`` (decided from the length);
5. otherwise both verifiers, which get the raw bytes of the answer (or of the content) and parse them
   themselves: ACCEPT -> its ratio; REJECT (a strictness or syntax fault of the answer's JSON included),
   TIMEOUT, LIMIT -> zero; ERROR -> missing (``verification_process_failed``, or
   ``family_not_implemented``); DISAGREE -> missing and flagged (``independent_verifier_disagreement``).
"""
from __future__ import annotations

from endless_exam.certificates.verdict import Status

from endless_exam.checker.verify import harness
from endless_exam.checker.scoring.aggregate import MISSING_STATUS_BY_REASON
from endless_exam.checker.scoring.answers import AnswerRecord
from endless_exam.checker.scoring.callrow import CallRow, Verified
from endless_exam.checker.suites.instances import Instance

from endless_exam.certificates.budget import OUTPUT_TOKEN_BUDGET as TOKEN_BUDGET
TOOL_FINISH_OK = frozenset({"stop", "timeout", "resource_limit", "length"})


def decide_without_verification(rec: AnswerRecord, inst: Instance, track: str) -> CallRow | None:
    """The row of a call whose outcome needs no verifier (infrastructure, zero, not implemented, a size
    limit), or None when the answer must go to the verifiers. Cheap and deterministic: it is also
    how a saved row of such a call is checked on resume."""
    def row(outcome: str, status: str, reason: str, message: str) -> CallRow:
        return CallRow.of(inst, rec.line, rec.sha256, outcome, status, None, reason, message, sample=rec.sample)

    infra = rec.infrastructure_reason
    if infra is not None:
        return row("missing", "MISSING", infra, f"infrastructure failure: {infra}")
    if track == "tool-free":
        if rec.finish_reason != "stop":
            return row("zero", "ZERO", f"finish_reason:{rec.finish_reason}", "generation did not finish normally")
        if rec.output_tokens is not None and rec.output_tokens > TOKEN_BUDGET:
            return row("zero", "ZERO", "output_token_budget",
                       f"output exceeded the {TOKEN_BUDGET:,}-token budget ({rec.output_tokens:,})")
    else:
        if rec.submission_within_deadline is not True:
            why = "no submission_within_deadline flag" if rec.submission_within_deadline is None else "submitted after the deadline"
            return row("zero", "ZERO", "deadline", why)
        if rec.finish_reason not in TOOL_FINISH_OK:
            return row("zero", "ZERO", f"finish_reason:{rec.finish_reason}", "the session did not end normally")
    if not inst.implemented:
        return row("missing", "MISSING", "family_not_implemented",
                   f"family {inst.family!r} is not implemented yet; the answer was not verified")
    too_big = rec.size_error()
    if too_big is not None:
        return row("scored", "REJECT", *too_big)
    return None


def verification_payload(rec: AnswerRecord, source) -> tuple[str, bytes]:
    """(kind, raw bytes) that the verifiers get for ``rec``, read back from ``source`` (hash-checked)."""
    which, span = rec.payload_span()
    return ("json" if which == "answer" else "jsonl_content"), source.read_value(rec, span)


def score_record(rec: AnswerRecord, inst: Instance, track: str, time_limit: float, memory_limit: int,
                 source=None, formal: bool = False) -> CallRow:
    """Score one call; never raises on bad answers (they become rows). ``source`` (an
    ``answers.AnswersSource``) supplies the raw answer bytes; it may raise ``AnswersChangedError``."""
    decided = decide_without_verification(rec, inst, track)
    if decided is not None:
        return decided
    kind, payload = verification_payload(rec, source)
    res = harness.verify(inst.family, inst.params, payload, kind, time_limit=time_limit, memory_limit=memory_limit,
                         formal=formal)
    del payload
    return verified_row(rec, inst, Verified.of(res, formal))


def verified_row(rec: AnswerRecord, inst: Instance, verified: Verified) -> CallRow:
    """The row of a verified call: from the harness's result here, or from a Ray task's ``Verified.from_json``."""
    status, verification = verified.status, verified.verification

    def row(outcome: str, status_text: str, objective, reason: str | None) -> CallRow:
        return CallRow.of(inst, rec.line, rec.sha256, outcome, status_text, objective, reason, verified.message,
                          verification, sample=rec.sample)

    if status is Status.ACCEPT:
        return row("scored", "ACCEPT", verified.objective, None)
    if status in (Status.REJECT, Status.TIMEOUT, Status.LIMIT):
        return row("scored", status.value, None, verified.reason)
    if status is Status.DISAGREE:
        reason = "independent_verifier_disagreement"
    elif "FAMILY_NOT_IMPLEMENTED" in (verification.primary.reason, verification.second.reason):
        reason = "family_not_implemented"
    else:
        reason = "verification_process_failed"
    return row("missing", MISSING_STATUS_BY_REASON[reason], None, reason)


def failure_row(rec: AnswerRecord, inst: Instance, message: str) -> CallRow:
    """An infrastructure ERROR row (missing, redone on resume) for a call whose verification did not
    come back: a scorer bug, or a lost Ray task."""
    reason = "verification_process_failed"
    return CallRow.of(inst, rec.line, rec.sha256, "missing", MISSING_STATUS_BY_REASON[reason], None, reason, message,
                      sample=rec.sample)
