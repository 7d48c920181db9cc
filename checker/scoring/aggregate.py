"""Aggregation of per-instance outcomes into Scores (docs/SPECIFICATION.md section 6, UPSTREAM_NOTES.md 3.4-3.6).

Pure functions, no I/O. Every mean of ratios is computed exactly (``Fraction``) and converted to float only
when the result dictionary is built; the exact value is kept beside it as a string (``"p/q"`` or ``"n"``).
Gap closed and LABS progress are quotients of logarithms and therefore floats.

Definitions
-----------
* ratio = a/h (max) or h/a (min) for a valid answer with a > 0, else 0; exact, uncapped.
* A call is *missing* when its ratio is ``None`` (statuses ERROR, DISAGREE, MISSING: infrastructure failure,
  verifier disagreement, not answered). Missing calls are never scored as zero; a run with a missing
  instance gets a labelled ``subset_score`` over the observed instances instead of a ``score``.
* Samples: a call may have several independent responses (outcomes with the same ``call_id`` and
  different ``sample``). A call's ratio is the exact mean over its scored (non-missing) samples, and every
  per-call value below (gap closed, LABS progress) is the mean over those samples; the call is missing
  when none of its samples is scored, and a run with a missing sample is not complete. ``valid_fraction``
  and ``status_counts`` count samples. With one sample per call each call's ratio is its sample's, so
  every figure is what it is without samples. A run with a sample other than 0 also gets ``samples``:
  per call the number of samples, scored and valid samples, the mean ratio and the best ratio
  (best-of-k), and the best-of-k score (100 x mean over instances of the best ratio of their calls).
* Score = 100 x mean ratio over the distinct instances; ``published_hfr`` / ``construction_reference_ratio``
  are plain means over the published / construction instances (``None`` over an empty group);
  ``valid_fraction`` is the mean of ``valid`` over the scored (non-missing) calls.
* Gap closed (supplementary): for an *eligible* instance -- bound kind ``bound`` or ``trivial``, b > 0,
  h > 0 and a positive reference-to-bound log gap, i.e. B = b/h > 1 (max) or B = h/b > 1 (min), decided
  exactly -- the value is max(0, ln r / ln B) with r the ratio (r = a/h for max, h/a for min, so this is
  max(0, ln(a/h)/ln(b/h)) resp. max(0, ln(h/a)/ln(h/b))). Invalid and non-improving answers (r <= 1,
  decided exactly) give 0, r == B gives exactly 1, and values above 1 are kept (never clipped) and
  flagged "beyond proven bound -- investigate". Eligibility depends only on the instance.
* LABS progress: the same formula toward the conjectured target (bound kind ``conjecture``, 12.32),
  reported separately; it may exceed 1 and is not flagged.
* Bootstrap CI: see :func:`bootstrap_ci`.
"""
from __future__ import annotations

import math
import random
from collections import Counter
from dataclasses import dataclass, fields as dc_fields
from fractions import Fraction
from typing import Any, Iterable, Mapping, Sequence

from endless_exam.certificates.verdict import Objective as Exact
from endless_exam.certificates.verdict import objective_to_float, objective_to_str

from endless_exam.certificates.contract import FAMILIES

STATUSES = ("ACCEPT", "REJECT", "TIMEOUT", "LIMIT", "ZERO", "ERROR", "DISAGREE", "MISSING")
#: statuses of calls without a score (ratio None): never counted as zero
MISSING_STATUSES = frozenset({"ERROR", "DISAGREE", "MISSING"})
#: the one table of why a call is missing (never zero) and its status: the verifiers disagreed, a verifier
#: process failed or the family is not implemented here; any other infrastructure reason is MISSING
MISSING_STATUS_BY_REASON = {"independent_verifier_disagreement": "DISAGREE", "verification_process_failed": "ERROR",
                            "family_not_implemented": "ERROR"}
REFERENCE_TYPES = ("published", "construction")
SENSES = ("max", "min")
BOUND_KINDS = ("bound", "trivial", "conjecture")
GAP_KINDS = frozenset({"bound", "trivial"})
TARGET_KINDS = frozenset({"conjecture"})
#: the 14 reporting groups of the 69 scored instances, in registry order (the kakeya control is not one)
CORE_GROUPS: tuple[str, ...] = tuple(dict.fromkeys(f.group for f in FAMILIES.values() if f.key != "kakeya"))
BEYOND_BOUND_FLAG = "beyond proven bound — investigate"
BOOTSTRAP_RESAMPLES = 2000
BOOTSTRAP_SEED = 0
BOOTSTRAP_METHOD = ("sort the values; rnd = random.Random(seed); B resamples, each the mean of n draws "
                    "rnd.choice(values); sort the B means; CI = (means[int(0.025*B)], means[int(0.975*B)]); "
                    "means are exact; the overall CI is multiplied by 100")


# ---- exact values --------------------------------------------------------------------------------

def _exact(value: Any, name: str, *, allow_none: bool = False) -> Exact | None:
    """An exact number: int or Fraction (integral Fractions become ints). Floats and booleans are refused."""
    if value is None:
        if allow_none:
            return None
        raise ValueError(f"{name} is required (got None)")
    if isinstance(value, bool) or not isinstance(value, (int, Fraction)):
        raise TypeError(f"{name} must be an int or a Fraction, not {type(value).__name__} "
                        f"(convert decimal data with Fraction(str(x)))")
    if isinstance(value, Fraction) and value.denominator == 1:
        return value.numerator
    return value


@dataclass(frozen=True)
class InstanceOutcome:
    """The scored result of one call on one instance.

    ``objective`` may be None for a non-missing outcome whose ratio is known only as a ratio (e.g. the
    paper's per-instance tables); when it is given, ``ratio`` must equal ``ratio(objective, reference,
    sense, valid)`` exactly. ``ratio`` None means the call is missing (statuses ERROR/DISAGREE/MISSING).
    """
    call_id: str
    instance_id: str
    family: str
    family_group: str
    reference_type: str  # "published" | "construction"
    sense: str  # "max" | "min"
    reference: Exact
    bound: Exact | None
    bound_kind: str | None  # "bound" | "trivial" | "conjecture" | None
    status: str  # ACCEPT/REJECT/TIMEOUT/LIMIT/ERROR/DISAGREE/ZERO/MISSING
    valid: bool
    objective: Exact | None
    ratio: Fraction | None  # None = missing
    sample: int = 0  # which response to the call; (call_id, sample) is the key

    def __post_init__(self) -> None:
        where = f"outcome {self.call_id!r}" + (f" sample {self.sample!r}" if self.sample != 0 else "")
        if type(self.sample) is not int or self.sample < 0:
            raise ValueError(f"{where}: sample must be a non-negative integer, got {self.sample!r}")
        for name in ("call_id", "instance_id", "family", "family_group"):
            value = getattr(self, name)
            if not isinstance(value, str) or not value:
                raise ValueError(f"{where}: {name} must be a non-empty string, got {value!r}")
        if self.reference_type not in REFERENCE_TYPES:
            raise ValueError(f"{where}: reference_type must be one of {REFERENCE_TYPES}, got {self.reference_type!r}")
        if self.sense not in SENSES:
            raise ValueError(f"{where}: sense must be one of {SENSES}, got {self.sense!r}")
        if self.bound_kind is not None and self.bound_kind not in BOUND_KINDS:
            raise ValueError(f"{where}: bound_kind must be one of {BOUND_KINDS} or None, got {self.bound_kind!r}")
        if self.status not in STATUSES:
            raise ValueError(f"{where}: status must be one of {STATUSES}, got {self.status!r}")
        if not isinstance(self.valid, bool):
            raise ValueError(f"{where}: valid must be a bool, got {self.valid!r}")
        reference = _exact(self.reference, f"{where}: reference")
        if reference <= 0:
            raise ValueError(f"{where}: reference must be positive, got {reference}")
        object.__setattr__(self, "reference", reference)
        object.__setattr__(self, "bound", _exact(self.bound, f"{where}: bound", allow_none=True))
        object.__setattr__(self, "objective", _exact(self.objective, f"{where}: objective", allow_none=True))
        r = _exact(self.ratio, f"{where}: ratio", allow_none=True)
        object.__setattr__(self, "ratio", None if r is None else Fraction(r))
        if self.valid and self.status != "ACCEPT":
            raise ValueError(f"{where}: valid is True but status is {self.status}")
        if self.status == "ACCEPT" and not self.valid:
            raise ValueError(f"{where}: status ACCEPT but valid is False")
        if self.status in MISSING_STATUSES:
            if self.ratio is not None:
                raise ValueError(f"{where}: status {self.status} is missing (never scored) but ratio is {self.ratio}")
            return
        if self.ratio is None:
            raise ValueError(f"{where}: status {self.status} is scored, so ratio must not be None "
                             f"(use status MISSING/ERROR/DISAGREE for a missing call)")
        if self.ratio < 0:
            raise ValueError(f"{where}: negative ratio {self.ratio}")
        if not self.valid and self.ratio != 0:
            raise ValueError(f"{where}: invalid answer (status {self.status}) with non-zero ratio {self.ratio}")
        if self.objective is not None:
            expected = ratio(self.objective, self.reference, self.sense, self.valid)
            if expected != self.ratio:
                raise ValueError(f"{where}: ratio {objective_to_str(self.ratio)} does not match objective "
                                 f"{objective_to_str(self.objective)} / reference {objective_to_str(self.reference)} "
                                 f"({self.sense}): expected {objective_to_str(expected)}")

    @property
    def missing(self) -> bool:
        return self.ratio is None


# ---- per-instance metrics --------------------------------------------------------------------------

def ratio(objective: Exact | None, reference: Exact, sense: str, valid: bool) -> Fraction:
    """Exact ratio: a/h (max) or h/a (min) for a valid answer with a > 0, else 0. Uncapped."""
    if sense not in SENSES:
        raise ValueError(f"unknown sense {sense!r}")
    h = _exact(reference, "reference")
    if h <= 0:
        raise ValueError(f"reference must be positive, got {h}")
    if not valid or objective is None:
        return Fraction(0)
    a = _exact(objective, "objective")
    if a <= 0:
        return Fraction(0)
    return Fraction(a) / h if sense == "max" else Fraction(h) / a


def record_candidate(reference_type: str | None, ratio: Exact | None, valid: bool = True) -> bool:
    """The record-candidate rule, stated once: a valid answer whose exact ratio to a published reference is
    above 1 (it beats the literature: ``certify`` it). ``score``'s summary, the call rows'
    ``published_breakthrough`` and ``certify``'s dossier all ask this."""
    return bool(valid and reference_type == "published" and ratio is not None and ratio > 1)


def reference_ratio(objective: Exact | None, reference: Exact | None, sense: str, valid: bool) -> Fraction | None:
    """``ratio`` for an instance that may have no reference: None without one (it can be verified but not
    scored)."""
    return None if reference is None else ratio(objective, reference, sense, valid)


def ratio_float(value: Fraction | None) -> float | None:
    """A float for display; None when there is no ratio or it is beyond the float range."""
    return objective_to_float(value)


def _ln(x: Fraction) -> float:
    """Natural log of an exact positive rational, accurate for huge integers and for values near 1.

    Near 1 the exactly computed x - 1 goes through log1p (no cancellation); in the float range
    math.log of the correctly rounded float; outside it log(numerator) - log(denominator) (math.log
    accepts integers of any size), where |ln x| > 700 so the subtraction loses nothing that matters.
    """
    if x <= 0:
        raise ValueError(f"logarithm of non-positive {x}")
    d = x - 1
    if abs(d) < Fraction(1, 2):
        return math.log1p(float(d))
    try:
        f = float(x)
    except OverflowError:
        f = math.inf
    if 1e-300 < f < 1e300:
        return math.log(f)
    return math.log(x.numerator) - math.log(x.denominator)


_FIELDS = ("sense", "reference", "bound", "bound_kind", "objective", "valid", "ratio", "status")


def _resolve(outcome: Any, fields: Mapping[str, Any]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    if isinstance(outcome, InstanceOutcome):
        data = {f.name: getattr(outcome, f.name) for f in dc_fields(outcome)}
    elif isinstance(outcome, Mapping):
        data = dict(outcome)
    elif outcome is not None:
        raise TypeError(f"expected an InstanceOutcome or a mapping of fields, got {type(outcome).__name__}")
    data.update(fields)
    unknown = set(fields) - set(_FIELDS)
    if unknown:
        raise TypeError(f"unknown field(s) {sorted(unknown)}; known: {_FIELDS}")
    for name in ("sense", "reference", "bound_kind"):
        if name not in data:
            raise ValueError(f"missing field {name!r}")
    return data


def _log_base(sense: str, reference: Exact, bound: Exact | None) -> Fraction | None:
    """B = b/h (max) or h/b (min) when b > 0, h > 0 and B > 1 (exact), else None."""
    if bound is None or reference is None:
        return None
    h, b = Fraction(_exact(reference, "reference")), Fraction(_exact(bound, "bound"))
    if h <= 0 or b <= 0:
        return None
    if sense == "max":
        base = b / h
    elif sense == "min":
        base = h / b
    else:
        raise ValueError(f"unknown sense {sense!r}")
    if base <= 1 or _ln(base) <= 0.0:  # the float guard only matters for B within 1e-308 of 1
        return None
    return base


def gap_eligible(sense: str, reference: Exact, bound: Exact | None, bound_kind: str | None) -> bool:
    """Whether an instance takes part in gap closed (depends on the instance only, never on an answer)."""
    return bound_kind in GAP_KINDS and _log_base(sense, reference, bound) is not None


def _progress(data: Mapping[str, Any], kinds: frozenset) -> float | None:
    if data.get("bound_kind") not in kinds:
        return None
    base = _log_base(data["sense"], data["reference"], data.get("bound"))
    if base is None:
        return None
    r = data.get("ratio")
    if r is None:
        if data.get("status") in MISSING_STATUSES:
            return None  # a missing call has no value
        if "valid" not in data:
            raise ValueError("missing field 'valid' (needed with 'objective' when no 'ratio' is given)")
        r = ratio(data.get("objective"), data["reference"], data["sense"], data["valid"])
    r = Fraction(_exact(r, "ratio"))
    if r <= 1:
        return 0.0  # invalid (r = 0), below or equal to the reference: nothing closed
    if r == base:
        return 1.0
    return _ln(r) / _ln(base)


def gap_closed(outcome: InstanceOutcome | Mapping[str, Any] | None = None, /, **fields: Any) -> float | None:
    """Fraction of the log gap from the reference h to the proven bound b that the answer closes.

    Accepts an :class:`InstanceOutcome`, a mapping, or keyword fields (keywords override): ``sense``,
    ``reference``, ``bound``, ``bound_kind`` and either ``ratio`` or ``objective`` + ``valid``.
    Returns None when the instance is ineligible (or the outcome is missing), else
    max(0, ln(a/h)/ln(b/h)) (max) or max(0, ln(h/a)/ln(h/b)) (min), unclipped above 1.
    """
    return _progress(_resolve(outcome, fields), GAP_KINDS)


def labs_progress(outcome: InstanceOutcome | Mapping[str, Any] | None = None, /, **fields: Any) -> float | None:
    """The gap-closed formula toward a conjectured target (bound kind ``conjecture``: LABS, 12.32).

    None for any other bound kind; may exceed 1 (reported, not flagged)."""
    return _progress(_resolve(outcome, fields), TARGET_KINDS)


# ---- bootstrap ---------------------------------------------------------------------------------------

def bootstrap_ci(values: Iterable[Exact | float], resamples: int = BOOTSTRAP_RESAMPLES,
                 seed: int = BOOTSTRAP_SEED) -> tuple[Fraction, Fraction] | None:
    """95% percentile bootstrap interval of the mean, upstream's procedure (``report.ci``) exactly.

    1. sort the values; 2. ``rnd = random.Random(seed)``; 3. B = ``resamples`` times: the mean of n draws
    ``rnd.choice(values)`` (n = number of values); 4. sort the B means; 5. return
    (means[int(0.025*B)], means[int(0.975*B)]) -- with B = 2000 that is (means[50], means[1950]).

    The draws are the same as upstream's (``rnd.choice`` on the sorted list), but the means are exact:
    the values are put over a common denominator and summed as integers (floats are taken at their exact
    binary value), so the result is a pair of Fractions. None for no values.
    """
    vals = sorted(Fraction(v) for v in values)
    n = len(vals)
    if n == 0:
        return None
    if not isinstance(resamples, int) or isinstance(resamples, bool) or resamples < 1:
        raise ValueError(f"resamples must be a positive integer, got {resamples!r}")
    den = 1
    for v in vals:
        den = den * v.denominator // math.gcd(den, v.denominator)
    scaled = [v.numerator * (den // v.denominator) for v in vals]  # same order as vals: identical draws
    rnd = random.Random(seed)
    sums = sorted(sum(rnd.choice(scaled) for _ in range(n)) for _ in range(resamples))
    lo, hi = sums[int(0.025 * resamples)], sums[int(0.975 * resamples)]
    return Fraction(lo, n * den), Fraction(hi, n * den)


# ---- aggregation -------------------------------------------------------------------------------------

def _mean(values: Sequence[Fraction]) -> Fraction | None:
    return sum(values, Fraction(0)) / len(values) if values else None


def _fmean(values: Sequence[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def _ci_out(ci: tuple[Fraction, Fraction] | None, scale: int = 1) -> list[float | None] | None:
    return None if ci is None else [objective_to_float(ci[0] * scale), objective_to_float(ci[1] * scale)]


def _same_instance(a: InstanceOutcome, b: InstanceOutcome) -> None:
    for name in ("family", "family_group", "reference_type", "sense", "reference", "bound", "bound_kind"):
        if getattr(a, name) != getattr(b, name):
            raise ValueError(f"instance {a.instance_id}: calls {a.call_id} and {b.call_id} disagree on {name} "
                             f"({getattr(a, name)!r} vs {getattr(b, name)!r})")


def aggregate(outcomes: Iterable[InstanceOutcome], expected_instances: int | Iterable[str] | None = 69, *,
              duplicates: str = "error", resamples: int = BOOTSTRAP_RESAMPLES,
              seed: int = BOOTSTRAP_SEED) -> dict[str, Any]:
    """Aggregate per-call outcomes of one run into a JSON-ready dictionary.

    ``expected_instances``: the number of instances a complete run has (69 for bench-v1), or the
    collection of their instance ids (then absent ones are named in ``missing_instances``), or None
    (complete = nothing listed as missing). ``duplicates``: ``"error"`` (upstream: one scored call per
    instance) or ``"mean"`` (an instance's ratio is the mean over its scored calls).

    A run is complete when every expected instance has a scored call; it then gets ``score`` (and
    ``score_exact``, ``score_ci``), otherwise ``subset_score`` (``subset_score_exact``,
    ``subset_score_ci``) over the observed instances, with the missing ones listed.
    """
    if duplicates not in ("error", "mean"):
        raise ValueError(f"duplicates must be 'error' or 'mean', got {duplicates!r}")
    outcomes = list(outcomes)
    for o in outcomes:
        if not isinstance(o, InstanceOutcome):
            raise TypeError(f"expected InstanceOutcome, got {type(o).__name__}")
    seen: set[tuple[str, int]] = set()
    for o in outcomes:
        if (o.call_id, o.sample) in seen:
            raise ValueError(f"duplicate call id {o.call_id!r}" + (f" sample {o.sample}" if o.sample else ""))
        seen.add((o.call_id, o.sample))
    multi = any(o.sample != 0 for o in outcomes)

    by_call: dict[str, list[InstanceOutcome]] = {}      # call id -> its samples, in input order
    for o in outcomes:
        samples = by_call.setdefault(o.call_id, [])
        if samples:
            if samples[0].instance_id != o.instance_id:
                raise ValueError(f"call {o.call_id}: samples {samples[0].sample} and {o.sample} name different "
                                 f"instances ({samples[0].instance_id} and {o.instance_id})")
            _same_instance(samples[0], o)
        samples.append(o)
    calls = {cid: _Call(cid, samples) for cid, samples in by_call.items()}

    by_instance: dict[str, list[_Call]] = {}
    for c in calls.values():
        group = by_instance.setdefault(c.first.instance_id, [])
        if group:
            _same_instance(group[0].first, c.first)
        group.append(c)
    scored = {iid: [c for c in group if not c.missing] for iid, group in by_instance.items()}
    observed = {iid: group for iid, group in scored.items() if group}
    if duplicates == "error":
        for iid, group in observed.items():
            if len(group) > 1:
                raise ValueError(f"instance {iid} has {len(group)} scored calls "
                                 f"({', '.join(c.call_id for c in group)}); one per instance is expected")
    missing_instances = sorted(iid for iid, calls in scored.items() if not calls)
    if isinstance(expected_instances, (str, bytes)):
        raise TypeError("expected_instances must be a count or a collection of instance ids, not a string")
    if expected_instances is None:
        n_expected = None
    elif isinstance(expected_instances, int) and not isinstance(expected_instances, bool):
        n_expected = expected_instances
        if len(by_instance) > n_expected:
            raise ValueError(f"{len(by_instance)} distinct instances but only {n_expected} expected")
    else:
        expected_ids = set(expected_instances)
        unexpected = sorted(set(by_instance) - expected_ids)
        if unexpected:
            raise ValueError(f"instances not in the expected set: {', '.join(unexpected)}")
        missing_instances = sorted(expected_ids - set(observed))
        n_expected = len(expected_ids)
    unlisted = 0 if n_expected is None else n_expected - len(observed) - len(missing_instances)
    partial = [c.call_id for c in calls.values() if not c.missing and len(c.scored) < len(c.samples)]
    complete = not missing_instances and unlisted == 0 and not partial

    first = {iid: group[0].first for iid, group in observed.items()}  # instance metadata
    inst_ratio = {iid: _mean([c.ratio for c in group]) for iid, group in observed.items()}
    order = [iid for iid in dict.fromkeys(o.instance_id for o in outcomes) if iid in observed]
    all_ratios = [inst_ratio[i] for i in order]
    pub = [inst_ratio[i] for i in order if first[i].reference_type == "published"]
    con = [inst_ratio[i] for i in order if first[i].reference_type == "construction"]
    scored_samples = [o for o in outcomes if not o.missing]

    def ci(values, scale=1):
        return _ci_out(bootstrap_ci(values, resamples, seed), scale)

    out: dict[str, Any] = {"complete": complete}
    if n_expected is not None:
        out["expected_instances"] = n_expected
    out["calls"] = len(calls)
    out["calls_scored"] = sum(1 for c in calls.values() if not c.missing)
    out["distinct_instances"] = len(observed)
    mean_all = _mean(all_ratios)
    key = "score" if complete else "subset_score"
    out[key] = objective_to_float(None if mean_all is None else 100 * mean_all)
    out[f"{key}_exact"] = objective_to_str(None if mean_all is None else 100 * mean_all)
    out[f"{key}_ci"] = ci(all_ratios, 100)
    out["instances"] = [{"instance_id": i, "family": first[i].family, "family_group": first[i].family_group,
                         "reference_type": first[i].reference_type, "calls": len(observed[i]),
                         "ratio": objective_to_float(inst_ratio[i]), "ratio_exact": objective_to_str(inst_ratio[i])} for i in order]
    out["missing_instances"] = missing_instances
    out["missing_unlisted"] = unlisted
    out["missing_call_ids"] = sorted(c.call_id for c in calls.values() if c.missing)

    for name, values, ci_key in (("published_hfr", pub, "published"),
                                 ("construction_reference_ratio", con, "construction")):
        m = _mean(values)
        out[name] = objective_to_float(m)
        out[f"{name}_exact"] = objective_to_str(m)
        out[f"{ci_key}_n"] = len(values)
        out[f"{ci_key}_ci"] = ci(values)

    valid = sum(1 for o in scored_samples if o.valid)
    vf = Fraction(valid, len(scored_samples)) if scored_samples else None
    out["valid"] = valid
    out["valid_fraction"] = objective_to_float(vf)
    out["valid_fraction_exact"] = objective_to_str(vf)

    groups: dict[str, Any] = {}
    extra = [g for g in dict.fromkeys(first[i].family_group for i in order) if g not in CORE_GROUPS]
    for g in (*CORE_GROUPS, *extra):
        values = [inst_ratio[i] for i in order if first[i].family_group == g]
        m = _mean(values)
        groups[g] = {"n": len(values), "mean": objective_to_float(m), "mean_exact": objective_to_str(m), "ci": ci(values)}
    out["groups"] = groups

    # gap closed and LABS progress (per call: the mean over its scored samples; per instance: the mean over
    # its scored calls); eligibility depends on the instance only
    def per_instance(fn):
        res = {}
        for iid in order:
            per_call = [[fn(o) for o in c.scored] for c in observed[iid]]
            if per_call[0][0] is not None:
                res[iid] = _fmean([_fmean(vals) for vals in per_call])
        return res

    gaps = per_instance(gap_closed)
    eligible_missing = sorted({o.instance_id for o in outcomes if o.missing and o.instance_id in missing_instances
                               and gap_eligible(o.sense, o.reference, o.bound, o.bound_kind)})
    beyond = []
    for iid, g in gaps.items():
        if g > 1:
            beyond.append({"instance_id": iid, "call_ids": [c.call_id for c in observed[iid]], "family": first[iid].family,
                           "gap_closed": g, "ratio": objective_to_float(inst_ratio[iid]),
                           "ratio_exact": objective_to_str(inst_ratio[iid]), "bound": objective_to_str(first[iid].bound),
                           "bound_kind": first[iid].bound_kind, "flag": BEYOND_BOUND_FLAG})
    gp = [g for i, g in gaps.items() if first[i].reference_type == "published"]
    gc = [g for i, g in gaps.items() if first[i].reference_type == "construction"]
    out["gap_closed"] = {
        "mean": _fmean(list(gaps.values())), "n_eligible": len(gaps),
        "published": _fmean(gp), "published_n": len(gp),
        "construction": _fmean(gc), "construction_n": len(gc),
        "eligible_missing": eligible_missing,
        "per_instance": gaps,
        "beyond_bound": beyond,
    }
    labs = per_instance(labs_progress)
    out["labs_progress"] = {"mean": _fmean(list(labs.values())), "n": len(labs), "per_instance": labs}

    records = []
    for o in scored_samples:
        if record_candidate(o.reference_type, o.ratio):
            records.append({"call_id": o.call_id, **({"sample": o.sample} if o.sample else {}),
                            "instance_id": o.instance_id, "family": o.family,
                            "ratio": objective_to_float(o.ratio), "ratio_exact": objective_to_str(o.ratio)})
    out["record_candidates"] = records
    out["record_candidates_count"] = len(records)
    counts = Counter(o.status for o in outcomes)
    out["status_counts"] = {s: counts.get(s, 0) for s in STATUSES}
    out["bootstrap"] = {"resamples": resamples, "seed": seed, "method": BOOTSTRAP_METHOD}
    if multi:
        out["samples"] = _samples_summary(calls, observed, order, first, complete, ci)
    return out


class _Call:
    """One call of a run: its samples (outcomes), the scored ones, and its ratio, the exact mean over them."""

    def __init__(self, call_id: str, samples: list[InstanceOutcome]) -> None:
        self.call_id = call_id
        self.samples = samples
        self.first = samples[0]
        self.scored = [o for o in samples if not o.missing]
        self.missing = not self.scored
        self.ratio = _mean([o.ratio for o in self.scored])
        self.best = max((o.ratio for o in self.scored), default=None)


def _samples_summary(calls: Mapping[str, _Call], observed: Mapping[str, list[_Call]], order: Sequence[str],
                     first: Mapping[str, InstanceOutcome], complete: bool, ci) -> dict[str, Any]:
    """What a run with several samples per call reports beside its score (which uses the per-call means):
    per call the sample counts, the mean and the best ratio; the best-of-k score and means."""
    best = {iid: _mean([c.best for c in observed[iid]]) for iid in order}
    all_best = [best[i] for i in order]
    key = "score" if complete else "subset_score"
    m = _mean(all_best)
    out: dict[str, Any] = {
        "rule": "per call, the score uses the mean ratio over its scored samples; best_of_k uses the best one",
        "samples": sum(len(c.samples) for c in calls.values()),
        "samples_scored": sum(len(c.scored) for c in calls.values()),
        "valid_samples": sum(1 for c in calls.values() for o in c.scored if o.valid),
        "max_samples_per_call": max(len(c.samples) for c in calls.values()),
        # the missing samples of calls that have a scored one (a call without any is in missing_call_ids)
        "missing_samples": [{"call_id": o.call_id, "sample": o.sample} for c in calls.values() if not c.missing
                            for o in c.samples if o.missing],
        "best_of_k": {
            key: objective_to_float(None if m is None else 100 * m),
            f"{key}_exact": objective_to_str(None if m is None else 100 * m),
            f"{key}_ci": ci(all_best, 100),
        },
        "per_call": [],
    }
    for rtype, name in (("published", "published_hfr"), ("construction", "construction_reference_ratio")):
        mb = _mean([best[i] for i in order if first[i].reference_type == rtype])
        out["best_of_k"][name] = objective_to_float(mb)
        out["best_of_k"][f"{name}_exact"] = objective_to_str(mb)
    for c in calls.values():
        out["per_call"].append({
            "call_id": c.call_id, "instance_id": c.first.instance_id, "family": c.first.family,
            "samples": len(c.samples), "samples_scored": len(c.scored),
            "valid_samples": sum(1 for o in c.scored if o.valid),
            "mean_ratio": objective_to_float(c.ratio), "mean_ratio_exact": objective_to_str(c.ratio),
            "best_ratio": objective_to_float(c.best), "best_ratio_exact": objective_to_str(c.best)})
    return out
