"""The reason-code table.

Every REJECT, ERROR, TIMEOUT and LIMIT verdict carries exactly one of these codes. Codes are stable:
tests, regression vectors and score files refer to them by name. Each code belongs to a *class*;
the harness treats two rejections with the same class as agreeing (the codes themselves are
normally identical as well, since parsing is shared).
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reason:
    code: str
    klass: str
    meaning: str


_TABLE: tuple[Reason, ...] = (
    # ---- input that is not a well-formed JSON answer -------------------------------------------
    Reason("NO_ANSWER", "format", "no JSON answer could be found (empty text, no parseable JSON, or answer null)"),
    Reason("JSON_SYNTAX", "format", "the answer is not syntactically valid JSON"),
    Reason("JSON_ENCODING", "format", "the answer file is not valid UTF-8"),
    Reason("JSON_NONFINITE", "format", "NaN, Infinity, or a number literal that overflows to infinity"),
    Reason("JSON_NUMBER", "format", "an integer literal longer than the accepted number of digits"),
    Reason("JSON_DUPLICATE_KEY", "format", "an object repeats a key"),
    Reason("JSON_DEPTH", "format", "nesting deeper than the accepted depth"),
    Reason("FORMAT_TYPE", "format", "a value has the wrong JSON type (e.g. true, 1.0 or \"1\" where an integer is required)"),
    Reason("FORMAT_SHAPE", "format", "wrong length, missing or unknown key, or otherwise wrong structure"),
    Reason("RANGE", "format", "a value lies outside its allowed range or alphabet"),
    Reason("EMPTY", "format", "the construction is empty"),
    # ---- limits stated in the answer formats -----------------------------------------------------
    Reason("SIZE_LIMIT", "limit", "the answer (file, list or element count) exceeds its stated size limit"),
    Reason("EXPANSION_LIMIT", "limit", "a compact form expands beyond its stated limit"),
    # ---- mathematical failures ----------------------------------------------------------------
    Reason("DUPLICATE", "duplicate", "an element occurs more than once where elements must be distinct"),
    Reason("PROPERTY_VIOLATION", "property", "the construction violates the family's defining property (a witness is given)"),
    Reason("CERTIFICATE_INVALID", "property", "an algebraic certificate does not certify what it must"),
    # ---- instance problems (usage errors, never scored) ----------------------------------------
    Reason("PARAMS_INVALID", "usage", "the instance parameters are not valid for the family"),
    Reason("FAMILY_NOT_IMPLEMENTED", "usage", "the family is defined but not implemented yet"),
    # ---- outcomes of running a verifier (infrastructure or budget) ----------------------------
    Reason("TIME_LIMIT", "budget", "checking exhausted the wall-clock limit (scores zero, reported apart from REJECT)"),
    Reason("MEMORY_LIMIT", "budget", "checking exhausted the memory limit (scores zero, reported apart from REJECT)"),
    Reason("VERIFIER_CRASHED", "infrastructure", "a verifier process died, aborted or produced no result"),
    Reason("INTERNAL_ERROR", "infrastructure", "a verifier raised an unexpected exception or failed a self-check"),
    Reason("independent_verifier_disagreement", "infrastructure",
           "the two verifiers (or a verifier and the other's witness re-check) disagree; never scored"),
)

REASONS: dict[str, Reason] = {r.code: r for r in _TABLE}
#: the classes whose rejections carry a witness that the other verifier re-checks (``checker.verify.combine``)
WITNESS_CLASSES = ("duplicate", "property")
#: the reason codes of those classes: DUPLICATE, PROPERTY_VIOLATION, CERTIFICATE_INVALID
WITNESS_REASONS = tuple(r.code for r in _TABLE if r.klass in WITNESS_CLASSES)


def reason_class(code: str | None) -> str | None:
    if code is None:
        return None
    entry = REASONS.get(code)
    if entry is None:
        raise KeyError(f"unknown reason code {code!r}")
    return entry.klass


def table() -> tuple[Reason, ...]:
    return _TABLE
