"""One call's row: the typed record of how one answer was scored, and its one JSON reader and writer.

A row is one sample of a call (``sample``, the answers line's; ``(call_id, sample)`` is its key); the
JSON of sample 0 has no ``sample`` field, so one sample per call writes the rows it always did.
A :class:`CallRow` is what ``score`` appends to ``<output>.progress.jsonl`` (plus the progress binding,
``answers_sha256`` and ``integrity``, which ``score.Progress`` adds and removes) and what ``scores.json``
lists under ``calls_scored`` and ``verified_without_reference``. It is frozen and checked when built:
the instance's fields, the answers line it came from, how the call was decided (``outcome`` and
``status``), the exact objective (``int`` or ``Fraction``, never a float) and, for a verified call, the
:class:`Verification`: both verifiers' verdicts, the witness and its re-checks. The derived fields
(``valid``, the floats for display, the exact ratio and ``published_breakthrough``) are computed here
and nowhere else; :meth:`CallRow.from_json` refuses a row whose derived fields, key set or types are not
exactly what :meth:`CallRow.to_json` writes.

``report`` reads ``scores.json`` files that other writers may have produced (upstream's, a notebook's):
:func:`outcome_from_json` reads only the fields of the scored view (``OUTCOME_FIELDS``) from such a row,
strictly typed, and :func:`outcome_json` writes them.

Exact numbers are written as strings ("2432", "1400/251"; ``verdict.objective_to_str``) and come back
exact; an objective stays an ``int`` or a ``Fraction`` from the verifier's reply to the aggregate.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from endless_exam.certificates.bounded import bounded_witness, clip
from endless_exam.certificates.verdict import (Objective, Status, Verdict, exact_from_text, objective_to_float,
                                               objective_to_str)

from endless_exam.checker.scoring.aggregate import MISSING_STATUSES, STATUSES, InstanceOutcome, record_candidate
from endless_exam.checker.scoring.answers import MAX_SAMPLE
from endless_exam.checker.verify.combine import Combined, WitnessCheck
from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.scoring.aggregate import reference_ratio as exact_ratio

#: how a call was decided -> the statuses it may have
OUTCOMES = {"scored": ("ACCEPT", "REJECT", "TIMEOUT", "LIMIT"), "zero": ("ZERO",),
            "missing": tuple(s for s in STATUSES if s in MISSING_STATUSES)}
_SHA256 = re.compile(r"[0-9a-f]{64}")
_VERIFIED_ONLY = frozenset({"ACCEPT", "TIMEOUT", "LIMIT", "DISAGREE"})   # REJECT and ERROR: either
_NEVER_VERIFIED = frozenset({"ZERO", "MISSING"})


class RowError(ValueError):
    """A row that is not exactly what :meth:`CallRow.to_json` writes (the message names the field)."""


# ---- typed field access ------------------------------------------------------------------------------

class Fields:
    """Typed access to the fields of one JSON object, with messages that name the file, the row and the field."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, dict):
            raise RowError(f"{where}: expected a JSON object, got {type(data).__name__}")
        self.data, self.where = data, where

    def _get(self, name: str, types: tuple, what: str, nullable: bool) -> Any:
        if name not in self.data:
            raise RowError(f"{self.where}: missing field {name!r} ({what})")
        value = self.data[name]
        if value is None:
            if nullable:
                return None
            raise RowError(f"{self.where}: field {name!r} is null; expected {what}")
        if isinstance(value, bool) and bool not in types:
            raise RowError(f"{self.where}: field {name!r} must be {what}, got {value!r}")
        if not isinstance(value, types):
            raise RowError(f"{self.where}: field {name!r} must be {what}, got {type(value).__name__} {value!r:.60}")
        return value

    def str(self, name: str, nullable: bool = False) -> str | None:
        return self._get(name, (str,), "a string" + (" or null" if nullable else ""), nullable)

    def bool(self, name: str) -> bool:
        return self._get(name, (bool,), "true or false", False)

    def int(self, name: str) -> int:
        return self._get(name, (int,), "an integer", False)

    def dict(self, name: str) -> dict:
        return self._get(name, (dict,), "an object", False)

    def list(self, name: str) -> list:
        return self._get(name, (list,), "a list", False)

    def number(self, name: str, nullable: bool = True) -> float | int | None:
        return self._get(name, (int, float), "a number" + (" or null" if nullable else ""), nullable)

    def exact(self, name: str, nullable: bool = False, decimal: bool = False) -> Objective | None:
        """An exact number written as a string ("2432", "1400/251"; with ``decimal`` also "12.32") or a JSON
        integer; never a float. Decimals are refused by default: "5.577689243027889" would be a float's
        rendering of a rational reference, not the reference."""
        what = ("an exact number as a string like \"2432\" or \"1400/251\"" + (" or \"12.32\"" if decimal else "")
                + (" or null" if nullable else ""))
        value = self._get(name, (str, int), what, nullable)
        if value is None or isinstance(value, int):
            return value
        try:        # exact_from_text refuses anything but "n", "-n", "p/q" (and "12.32" with decimal)
            parsed = Fraction(exact_from_text(value, decimal=decimal))
        except (ValueError, ZeroDivisionError) as exc:
            why = f" ({clip(str(exc), 120)})" if "digits" in str(exc) else ""    # over the digit limit: say so
            raise RowError(f"{self.where}: field {name!r} must be {what}, got {value!r:.60}{why}") from None
        return parsed.numerator if parsed.denominator == 1 else parsed

    def canonical(self, name: str, nullable: bool = True) -> Objective | None:
        """An exact number exactly as ``objective_to_str`` writes it (a string; "n" or "p/q" in lowest terms)."""
        value = self.exact(name, nullable)
        if value is not None and objective_to_str(value) != self.data[name]:
            raise RowError(f"{self.where}: field {name!r} must be written as {objective_to_str(value)!r:.60}, "
                           f"got {self.data[name]!r:.60}")
        return value

    def keys(self, required: set[str], optional: set[str] = frozenset()) -> None:
        missing = sorted(required - self.data.keys())
        unknown = sorted(self.data.keys() - required - optional)
        if missing:
            raise RowError(f"{self.where}: missing field {missing[0]!r}")
        if unknown:
            raise RowError(f"{self.where}: unknown field {unknown[0]!r:.60}")


def _same(where: str, name: str, got: Any, want: Any) -> None:
    if got != want or type(got) is not type(want):
        raise RowError(f"{where}: field {name!r} is {got!r:.60}, but the row's other fields give {want!r:.60}")


# ---- the verification of a call ------------------------------------------------------------------------

@dataclass(frozen=True)
class VerifierSummary:
    """What a row keeps of one verifier's verdict (its witness is the row's, when it is the one chosen)."""
    status: Status
    objective: Objective | None
    reason: str | None
    message: str
    seconds: float

    @classmethod
    def of(cls, v: Verdict, seconds: float) -> "VerifierSummary":
        return cls(v.status, v.objective, v.reason, v.message, round(seconds, 4))

    def verdict(self) -> Verdict:
        return Verdict(self.status, objective=self.objective, reason=self.reason, message=self.message)

    def to_json(self) -> dict:
        return {"status": self.status.value, "objective": objective_to_str(self.objective), "reason": self.reason,
                "message": self.message, "seconds": self.seconds}

    @classmethod
    def from_json(cls, data: Any, where: str) -> "VerifierSummary":
        f = Fields(data, where)
        f.keys({"status", "objective", "reason", "message", "seconds"})
        status = f.str("status")
        if status not in Status.__members__:
            raise RowError(f"{where}: field 'status' is {status!r:.60}, not a verdict status")
        out = cls(Status(status), f.canonical("objective"), f.str("reason", nullable=True), f.str("message"),
                  f.number("seconds", nullable=False))
        try:
            out.verdict()
        except (ValueError, TypeError) as exc:
            raise RowError(f"{where}: {exc}") from None
        return out


@dataclass(frozen=True)
class Verification:
    """How both verifiers decided a call: their verdicts, the chosen witness and the witness re-checks; and,
    when the run asked for it, the z3 oracle's opinion (``formal``, which may be None when not applicable)."""
    primary: VerifierSummary
    second: VerifierSummary
    witness: Any
    witness_checks: tuple[WitnessCheck, ...]
    formal: str | None = None
    has_formal: bool = False

    @classmethod
    def of(cls, res: Combined, formal: bool) -> "Verification":
        return cls(VerifierSummary.of(res.primary, res.primary_seconds),
                   VerifierSummary.of(res.second, res.second_seconds), bounded_witness(res.witness),
                   tuple(WitnessCheck.from_json(c) for c in res.witness_checks),
                   res.formal if formal else None, formal)

    def to_json(self) -> dict:
        out = {"primary": self.primary.to_json(), "second": self.second.to_json(), "witness": self.witness,
               "witness_checks": [c.to_json() for c in self.witness_checks]}
        if self.has_formal:
            out["formal"] = self.formal
        return out

    @classmethod
    def from_json(cls, data: dict, where: str) -> "Verification":
        f = Fields(data, where)
        checks = []
        for k, c in enumerate(f.list("witness_checks")):
            try:
                checks.append(WitnessCheck.from_json(c))
            except (ValueError, TypeError) as exc:
                raise RowError(f"{where}: witness_checks[{k}]: {exc}") from None
        has_formal = "formal" in data
        return cls(VerifierSummary.from_json(f.dict("primary"), f"{where}: primary"),
                   VerifierSummary.from_json(f.dict("second"), f"{where}: second"), data["witness"], tuple(checks),
                   f.str("formal", nullable=True) if has_formal else None, has_formal)


#: the keys of a verified row's Verification
VERIFICATION_KEYS = ("primary", "second", "witness", "witness_checks")


@dataclass(frozen=True)
class Verified:
    """What verifying one answer gives its row: the :class:`Verification` and the combined verdict. In a
    local run it is made from the harness's result directly; a Ray task sends it as JSON (:meth:`to_json`)."""
    verification: Verification
    status: Status
    objective: Objective | None
    reason: str | None
    message: str

    @classmethod
    def of(cls, res: Combined, formal: bool) -> "Verified":
        return cls(Verification.of(res, formal), res.status, res.objective, res.reason, clip(res.message))

    def to_json(self) -> dict:
        out = self.verification.to_json()
        out["combined"] = {"status": self.status.value, "objective": objective_to_str(self.objective),
                           "reason": self.reason, "message": self.message}
        return out

    @classmethod
    def from_json(cls, data: Any, where: str = "verification") -> "Verified":
        f = Fields(data, where)
        f.keys(set(VERIFICATION_KEYS) | {"combined"}, {"formal"})
        c = Fields(f.dict("combined"), f"{where}: combined")
        c.keys({"status", "objective", "reason", "message"})
        status = c.str("status")
        if status not in Status.__members__:
            raise RowError(f"{where}: combined status {status!r:.60} is not a verdict status")
        verification = Verification.from_json({k: v for k, v in f.data.items() if k != "combined"}, where)
        return cls(verification, Status(status), c.canonical("objective"), c.str("reason", nullable=True),
                   c.str("message"))


def verification_fields(res: Combined, formal: bool) -> dict:
    """The plain-JSON result of verifying one answer (``Verified.to_json``): what a Ray task sends back."""
    return Verified.of(res, formal).to_json()


def result_json(inst: Any, res: Combined) -> dict[str, Any]:
    """The one JSON shape of a verified result, against its suite instance when it has one: the verdict,
    the exact objective (a string, and a float for display), reason, message and witness; then, for an
    instance (``inst`` not None), its reference, reference type and sense, the ratio (a float for display,
    ``ratio_exact`` the exact string; None without a reference) and whether it is a record candidate
    (``aggregate.record_candidate``). ``verify --json``, ``audit``, ``audit --witnesses`` and ``certify``'s
    dossier take their fields from here (the dossier keeps its historical names: ``ratio`` exact,
    ``ratio_float``)."""
    out: dict[str, Any] = {
        "status": res.status.value, "valid": res.valid, "objective": objective_to_str(res.objective),
        "objective_float": objective_to_float(res.objective), "reason": res.reason, "message": res.message,
        "witness": res.witness,
    }
    if inst is not None:
        r = exact_ratio(res.objective, inst.reference, inst.sense, res.valid)
        out.update(reference=objective_to_str(inst.reference), reference_type=inst.reference_type,
                   sense=inst.sense, ratio=objective_to_float(r), ratio_exact=objective_to_str(r),
                   record_candidate=record_candidate(inst.reference_type, r, res.valid))
    return out


# ---- the row -----------------------------------------------------------------------------------------

@dataclass(frozen=True)
class CallRow:
    """How one call (one answers line) was scored."""
    # the instance (from the suite)
    call_id: str
    instance_id: str
    family: str
    family_group: str
    params: dict
    sense: str
    reference: Objective | None
    reference_type: str | None
    bound: Objective | None
    bound_kind: str | None
    # the answers line
    line: int
    line_sha256: str
    # the decision
    outcome: str
    status: str
    objective: Objective | None
    reason: str | None
    message: str
    verification: Verification | None = None
    sample: int = 0          # which response to the call (the answers line's ``sample``); the key is (call_id, sample)
    ratio: Fraction | None = field(init=False)

    def __post_init__(self) -> None:
        where = f"row of {self.call_id!r}" + (f" sample {self.sample!r}" if self.sample != 0 else "")
        if type(self.sample) is not int or not 0 <= self.sample <= MAX_SAMPLE:
            raise RowError(f"{where}: sample must be an integer from 0 to {MAX_SAMPLE}")
        if self.status not in OUTCOMES.get(self.outcome, ()):
            raise RowError(f"{where}: outcome {self.outcome!r} cannot have status {self.status!r}")
        if (self.objective is None) is (self.status == "ACCEPT"):
            raise RowError(f"{where}: an ACCEPT, and only an ACCEPT, has an objective")
        if (self.reason is None) is not (self.status == "ACCEPT"):
            raise RowError(f"{where}: every status but ACCEPT has a reason")
        if self.verification is None and self.status in _VERIFIED_ONLY:
            raise RowError(f"{where}: a {self.status} comes from the verifiers, so its row has their verdicts")
        if self.verification is not None and self.status in _NEVER_VERIFIED:
            raise RowError(f"{where}: a {self.status} call was not verified, so its row has no verdicts")
        for name in ("reference", "bound", "objective"):
            value = getattr(self, name)
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, Fraction))):
                raise RowError(f"{where}: {name} must be exact (int or Fraction), got {value!r:.60}")
            if isinstance(value, Fraction) and value.denominator == 1:
                object.__setattr__(self, name, value.numerator)      # as it reads back from its text
        r = exact_ratio(self.objective, self.reference, self.sense, self.valid) if self.outcome != "missing" else None
        object.__setattr__(self, "ratio", r)

    @classmethod
    def of(cls, inst, line: int, line_sha256: str, outcome: str, status: str, objective: Objective | None,
           reason: str | None, message: str, verification: Verification | None = None, *,
           sample: int = 0) -> "CallRow":
        """The row of sample ``sample`` of the call ``inst`` (a ``suites.Instance``) answered on ``line``."""
        return cls(inst.call_id, inst.instance_id, inst.family, inst.family_group, inst.params, inst.sense,
                   inst.reference, inst.reference_type, inst.bound, inst.bound_kind, line, line_sha256,
                   outcome, status, objective, reason, message, verification, sample)

    @property
    def key(self) -> tuple[str, int]:
        """The row's key in a run: (call_id, sample)."""
        return self.call_id, self.sample

    def same_instance(self, inst) -> bool:
        """Does this row carry exactly the suite's fields of ``inst``?"""
        mine = (self.call_id, self.instance_id, self.family, self.family_group, self.params, self.sense,
                self.reference, self.reference_type, self.bound, self.bound_kind)
        theirs = (inst.call_id, inst.instance_id, inst.family, inst.family_group, inst.params, inst.sense,
                  inst.reference, inst.reference_type, inst.bound, inst.bound_kind)
        return mine == theirs and type(self.reference) is type(inst.reference) and type(self.bound) is type(inst.bound)

    @property
    def valid(self) -> bool:
        return self.status == "ACCEPT"

    @property
    def missing(self) -> bool:
        return self.outcome == "missing"

    @property
    def published_breakthrough(self) -> bool:
        return record_candidate(self.reference_type, self.ratio)

    def outcome_view(self) -> InstanceOutcome:
        """The aggregate's view of this call (rows with a reference only)."""
        return InstanceOutcome(
            call_id=self.call_id, instance_id=self.instance_id, family=self.family, family_group=self.family_group,
            reference_type=self.reference_type, sense=self.sense, reference=self.reference, bound=self.bound,
            bound_kind=self.bound_kind, status=self.status, valid=self.valid, objective=self.objective,
            ratio=self.ratio, sample=self.sample)

    def to_json(self) -> dict:
        """The row as JSON. ``sample`` is written only when it is not 0 (absent means 0), so a run with one
        sample per call has exactly the rows it had before samples existed."""
        out = {"call_id": self.call_id}
        if self.sample != 0:
            out["sample"] = self.sample
        out.update({
            "instance_id": self.instance_id, "family": self.family,
            "family_group": self.family_group, "params": self.params, "sense": self.sense,
            "reference": objective_to_str(self.reference), "reference_float": objective_to_float(self.reference),
            "reference_type": self.reference_type, "bound": objective_to_str(self.bound),
            "bound_kind": self.bound_kind, "line": self.line, "line_sha256": self.line_sha256,
        })
        if self.verification is not None:
            out.update(self.verification.to_json())
        out.update({
            "outcome": self.outcome, "status": self.status, "valid": self.valid,
            "objective": objective_to_str(self.objective), "objective_float": objective_to_float(self.objective),
            "reason": self.reason, "message": self.message,
            "ratio": objective_to_float(self.ratio), "ratio_exact": objective_to_str(self.ratio),
            "published_breakthrough": self.published_breakthrough,
        })
        return out

    @classmethod
    def from_json(cls, data: Any, where: str = "row") -> "CallRow":
        """The row that :meth:`to_json` wrote, and nothing else (``RowError`` naming the field otherwise)."""
        f = Fields(data, where)
        verified = any(k in f.data for k in VERIFICATION_KEYS)
        f.keys(set(_ROW_KEYS) | (set(VERIFICATION_KEYS) if verified else set()),
               ({"formal"} if verified else set()) | {"sample"})
        call_id = f.str("call_id")
        f.where = where = f"{where} (call_id {call_id!r})"
        sample = 0
        if "sample" in f.data:       # written only when not 0
            sample = f.int("sample")
            if not 1 <= sample <= MAX_SAMPLE:
                raise RowError(f"{where}: field 'sample' must be an integer from 1 to {MAX_SAMPLE} "
                               f"(sample 0 is written without the field), got {sample!r}")
        line = f.int("line")
        sha = f.str("line_sha256")
        if line < 1 or not _SHA256.fullmatch(sha):
            raise RowError(f"{where}: 'line' must be a line number and 'line_sha256' a SHA-256 in hex")
        verification = Verification.from_json(f.data, where) if verified else None
        try:
            row = cls(call_id, f.str("instance_id"), f.str("family"), f.str("family_group"), f.dict("params"),
                      f.str("sense"), f.canonical("reference"), f.str("reference_type", nullable=True),
                      f.canonical("bound"), f.str("bound_kind", nullable=True), line, sha,
                      f.str("outcome"), f.str("status"), f.canonical("objective"), f.str("reason", nullable=True),
                      f.str("message"), verification, sample)
        except RowError as exc:
            raise RowError(f"{where}: {exc}") from None
        written = row.to_json()
        for name in _DERIVED:
            _same(where, name, f.data[name], written[name])
        return row


_ROW_KEYS = ("call_id", "instance_id", "family", "family_group", "params", "sense", "reference", "reference_float",
             "reference_type", "bound", "bound_kind", "line", "line_sha256", "outcome", "status", "valid",
             "objective", "objective_float", "reason", "message", "ratio", "ratio_exact", "published_breakthrough")
_DERIVED = ("reference_float", "valid", "objective_float", "ratio", "ratio_exact", "published_breakthrough")


# ---- the scored view, for scores.json files of any writer ---------------------------------------------

#: the fields of a ``calls_scored`` row that ``report`` reads (any writer may add more); ``sample`` is optional
#: (absent means 0)
OUTCOME_FIELDS = ("call_id", "sample", "instance_id", "family", "family_group", "params", "reference", "reference_type",
                  "sense", "bound", "bound_kind", "status", "valid", "objective", "ratio", "ratio_exact")


def outcome_json(outcome: InstanceOutcome, params: dict) -> dict[str, Any]:
    """The fields of a ``calls_scored`` row that :func:`outcome_from_json` reads, for an outcome (the inverse
    of reading: reading these fields gives the outcome back). A writer may add more fields."""
    out: dict[str, Any] = {"call_id": outcome.call_id}
    if outcome.sample != 0:
        out["sample"] = outcome.sample
    return out | {
        "instance_id": outcome.instance_id, "family": outcome.family,
        "family_group": outcome.family_group, "params": params, "reference": objective_to_str(outcome.reference),
        "reference_type": outcome.reference_type, "sense": outcome.sense, "bound": objective_to_str(outcome.bound),
        "bound_kind": outcome.bound_kind, "status": outcome.status, "valid": outcome.valid,
        "objective": objective_to_str(outcome.objective), "ratio": objective_to_float(outcome.ratio),
        "ratio_exact": objective_to_str(outcome.ratio),
    }


def outcome_from_json(data: Any, where: str) -> InstanceOutcome:
    """The scored view (:data:`OUTCOME_FIELDS`) of one ``calls_scored`` row; ``RowError`` (a ValueError)
    naming the file, the row and the field for anything missing, mistyped or inconsistent."""
    row = Fields(data, where)
    call_id = row.str("call_id")
    row.where = f"{where} (call_id {call_id!r})"
    sample = 0
    if "sample" in row.data:
        sample = row.int("sample")
        if not 0 <= sample <= MAX_SAMPLE:
            raise RowError(f"{row.where}: field 'sample' must be an integer from 0 to {MAX_SAMPLE}, got {sample!r}")
    instance_id = row.str("instance_id")
    family = row.str("family")
    family_group = row.str("family_group")
    row.dict("params")
    if family in FAMILIES and FAMILIES[family].group != family_group:
        raise RowError(f"{row.where}: field 'family_group' is {family_group!r}, "
                       f"but family {family!r} belongs to group {FAMILIES[family].group!r}")
    reference = row.exact("reference")
    reference_type = row.str("reference_type")
    sense = row.str("sense")
    bound = row.exact("bound", nullable=True, decimal=True)  # the LABS target is the decimal 12.32
    bound_kind = row.str("bound_kind", nullable=True)
    status = row.str("status")
    valid = row.bool("valid")
    objective = row.exact("objective", nullable=True)
    ratio_float = row.number("ratio")
    ratio_exact = row.exact("ratio_exact", nullable=True)
    if status in MISSING_STATUSES:
        if ratio_exact is not None or ratio_float is not None:
            raise RowError(f"{row.where}: status {status} is a missing call; 'ratio' and 'ratio_exact' must be null")
    elif status in STATUSES:
        if ratio_exact is None:
            raise RowError(f"{row.where}: field 'ratio_exact' is null but status {status} is scored")
        approx = objective_to_float(ratio_exact)  # None only when too large for a float
        if ratio_float is None and approx is not None:
            raise RowError(f"{row.where}: field 'ratio' is null but status {status} is scored")
        if ratio_float is not None and (approx is None
                                        or not math.isclose(approx, ratio_float, rel_tol=1e-9, abs_tol=1e-12)):
            raise RowError(f"{row.where}: fields 'ratio' ({ratio_float!r}) and 'ratio_exact' "
                           f"({objective_to_str(ratio_exact)}) disagree")
    try:
        return InstanceOutcome(
            call_id=call_id, instance_id=instance_id, family=family, family_group=family_group,
            reference_type=reference_type, sense=sense, reference=reference, bound=bound, bound_kind=bound_kind,
            status=status, valid=valid, objective=objective,
            ratio=None if ratio_exact is None else Fraction(ratio_exact), sample=sample)
    except (ValueError, TypeError) as exc:
        raise RowError(f"{where}: {exc}") from None
