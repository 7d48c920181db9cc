"""The numbers behind ``report``'s figures and HTML view, without matplotlib.

* :class:`RunData` -- one scored run as the report views see it: its aggregate, its per-call outcomes
  (:func:`checker.reporting.report.load_scores`), the display fields of each call (params, reason, message, witness)
  and the total output tokens of its answers when known;
* :func:`family_quality` -- the paper's Figure 2 / Appendix C: per family and run the mean relative quality
  with its 95% bootstrap interval, published frontiers and construction baselines apart;
* :func:`token_points` -- Figure 3: overall score against total output tokens, one point per run;
* :func:`size_series` -- Figure 4 / C.4-C.6: per family the objective against the family's own size
  parameter (:data:`SIZE_PARAM`), one line per run and per value of the other parameters (degdiam: one
  line per degree d), with the reference and proven-bound curves and the relative quality below; Shannon
  as growth per coordinate a^(1/d), trifference as ternary rate log_3(a)/n;
* :func:`ratio_histogram` -- the ratios of the scored calls with integer counts.

Every point of a size-series curve keeps the list of its samples (``objective_samples``, ``ratio_samples``:
one value per scored answers line of the calls at that size, so two samples per call give two values)
and plots their mean; with one sample per call the mean is that sample.
Means and intervals reuse the aggregate's per-instance ratios and :func:`checker.scoring.aggregate.bootstrap_ci`;
nothing here decides a verdict.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Sequence

from endless_exam.certificates.verdict import objective_to_float

from endless_exam.checker.scoring.aggregate import (BOOTSTRAP_RESAMPLES, BOOTSTRAP_SEED, REFERENCE_TYPES, InstanceOutcome, bootstrap_ci,
                        gap_closed)
from endless_exam.certificates.contract import FAMILIES
from endless_exam.checker.reporting.report import _read_doc, load_run, load_scores

#: the size parameter of each family whose instances form a size series (paper Table 5 / C.7, bench-v1)
SIZE_PARAM = {"capset": "d", "kissing": "d", "degdiam": "k", "schur": "k", "covering": "v", "lineq": "n",
              "shannon": "d", "trifference": "n"}
#: parameters that never split a series into lines (a representation is a form, not a size)
_NOT_A_LINE = frozenset({"representation"})
#: families plotted on a transformed scale, as the paper does: (y label, transform of (objective, params))
_TRANSFORMS = {
    "shannon": ("growth per coordinate a^(1/d)", lambda a, p: math.exp(math.log(a) / p["d"])),
    "trifference": ("ternary rate log_3(a)/n", lambda a, p: math.log(a) / math.log(3) / p["n"]),
}
REFERENCE_LABELS = {"published": "published frontier", "construction": "construction baseline"}


@dataclass
class RunData:
    name: str
    aggregate: dict
    outcomes: list[InstanceOutcome]
    details: dict[tuple[str, int], dict] = field(default_factory=dict)   # (call id, sample) -> display fields
    output_tokens: int | None = None


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _exact_or_none(value: Any) -> int | Fraction | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if not isinstance(value, str) or not value or any(c not in "0123456789/-." for c in value):
        return None
    try:
        x = Fraction(value)
    except (ValueError, ZeroDivisionError):
        return None
    return x.numerator if x.denominator == 1 else x


def witness_summary(witness: Any, limit: int = 80) -> str | None:
    """A short one-line text of a rejection's witness (compact JSON, cut at ``limit`` characters)."""
    if witness is None:
        return None
    try:
        text = json.dumps(witness, separators=(",", ":"), ensure_ascii=False, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):
        text = str(witness)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _sample(data: dict) -> int:
    value = data.get("sample", 0)
    return value if type(value) is int and value >= 0 else 0


def load_details(path: str | Path) -> dict[tuple[str, int], dict]:
    """Display fields of each ``calls_scored`` and ``verified_without_reference`` row ((call id, sample) -> params, status, reason, message, objective,
    reference, reference_type, bound, ratio_exact, witness summary). Display only: a field of the wrong type
    is shown as absent; the verdicts and ratios the views use come from :func:`load_scores`."""
    doc, _where = _read_doc(path)
    out: dict[str, dict] = {}
    rows = [r for key in ("calls_scored", "verified_without_reference")
            for r in (doc.get(key) if isinstance(doc.get(key), list) else [])]
    for data in rows:
        if not isinstance(data, dict) or not isinstance(data.get("call_id"), str):
            continue
        params = data.get("params")
        out[(data["call_id"], _sample(data))] = {
            "call_id": data["call_id"], "sample": _sample(data), "family": _text(data.get("family")),
            "params": params if isinstance(params, dict) else {}, "status": _text(data.get("status")),
            "valid": data.get("valid") is True,
            "reason": _text(data.get("reason")), "message": _text(data.get("message")),
            "objective": _exact_or_none(data.get("objective")), "reference": _exact_or_none(data.get("reference")),
            "reference_type": _text(data.get("reference_type")), "bound": _exact_or_none(data.get("bound")),
            "ratio_exact": _exact_or_none(data.get("ratio_exact")),
            "witness": witness_summary(data.get("witness")) if data.get("status") == "REJECT" else None,
        }
    return out


def answers_output_tokens(path: str | Path, expected_sha256: str | None = None) -> int | None:
    """Total ``output_tokens`` of an answers file (None when no line carries it), read with the scorer's own
    reader (a malformed file is refused the same way). With ``expected_sha256`` (a scores file's
    ``answers_sha256``) the file must be the one that run scored."""
    from endless_exam.checker.scoring import answers
    from endless_exam.checker.suites import instances as suites

    known = {i.call_id for i in suites.all_instances()}
    try:
        with answers.AnswersSource(str(path)) as source:
            records = source.scan(known)
            digest = source.sha256
    except answers.AnswersFileError as exc:
        raise ValueError(str(exc)) from None
    if expected_sha256 is not None and digest != expected_sha256:
        raise ValueError(f"{path}: these are not the answers of the scored run (SHA-256 {digest}, "
                         f"the scores file records {expected_sha256})")
    tokens = [r.output_tokens for r in records if r.output_tokens is not None]
    return sum(tokens) if tokens else None


def load(path: str | Path, name: str, answers_path: str | Path | None = None) -> RunData:
    """A run for the report views; ``answers_path`` (the run's answers file) adds its output tokens."""
    tokens = None
    if answers_path is not None:
        doc, _where = _read_doc(path)
        sha = doc.get("answers_sha256")
        tokens = answers_output_tokens(answers_path, sha if isinstance(sha, str) else None)
    return RunData(name=name, aggregate=load_run(path), outcomes=load_scores(path), details=load_details(path),
                   output_tokens=tokens)


# ---- Figure 2: per-family quality ---------------------------------------------------------------------

def _families(runs: Sequence[RunData], reference_type: str) -> list[str]:
    seen = {o.family for r in runs for o in r.outcomes if o.reference_type == reference_type}
    return [f for f in FAMILIES if f in seen] + sorted(seen - set(FAMILIES))


def family_quality(runs: Sequence[RunData]) -> list[dict[str, Any]]:
    """Two panels (published frontiers, construction baselines); per family and run: ``n`` scored
    instances, ``mean`` relative quality and its bootstrap interval (``ci``: None for fewer than two
    instances, so no zero-width whisker), ``missing`` when the family has no scored call in that run.
    The values are the aggregate's per-instance ratios (``instances``); the interval is
    :func:`checker.scoring.aggregate.bootstrap_ci` with the run's resamples and seed, as for the groups."""
    panels = []
    for rtype in REFERENCE_TYPES:
        families = _families(runs, rtype)
        cells = []
        for family in families:
            for run in runs:
                values = [Fraction(i["ratio_exact"]) for i in run.aggregate.get("instances", [])
                          if i["family"] == family and i["reference_type"] == rtype]
                boot = run.aggregate.get("bootstrap") or {}
                ci = None
                if len(values) >= 2:
                    lo, hi = bootstrap_ci(values, boot.get("resamples", BOOTSTRAP_RESAMPLES),
                                          boot.get("seed", BOOTSTRAP_SEED))
                    ci = [objective_to_float(lo), objective_to_float(hi)]
                mean = objective_to_float(sum(values, Fraction(0)) / len(values)) if values else None
                cells.append({"family": family, "run": run.name, "n": len(values), "mean": mean,
                              "ci": ci, "missing": not values})
        panels.append({"reference_type": rtype, "title": REFERENCE_LABELS[rtype] + "s", "families": families,
                       "runs": [r.name for r in runs], "cells": cells})
    return panels


# ---- Figure 3: score against output tokens --------------------------------------------------------------

def token_points(runs: Sequence[RunData]) -> list[dict[str, Any]]:
    """One point per run whose answers carry ``output_tokens``: (total tokens, score or subset score)."""
    out = []
    for run in runs:
        if run.output_tokens is None:
            continue
        kind = "score" if run.aggregate.get("complete") else "subset_score"
        out.append({"run": run.name, "output_tokens": run.output_tokens, "score": run.aggregate.get(kind),
                    "score_kind": kind})
    return out


# ---- Figure 4: size-quality curves ------------------------------------------------------------------------

def _line_label(family: str, params: dict) -> str:
    size = SIZE_PARAM[family]
    rest = [(k, v) for k, v in sorted(params.items()) if k != size and k not in _NOT_A_LINE]
    return ", ".join(f"{k}={v}" for k, v in rest)


def _y(family: str, value: int | Fraction | None, params: dict) -> float | None:
    if value is None or value <= 0:
        return None
    if family in _TRANSFORMS:
        try:
            return _TRANSFORMS[family][1](value, params)
        except (KeyError, TypeError, ValueError, ZeroDivisionError, OverflowError):
            return None
    return objective_to_float(value)


def _mean(values: list[float]) -> float | None:
    return math.fsum(values) / len(values) if values else None


def size_series(runs: Sequence[RunData]) -> list[dict[str, Any]]:
    """Per size-series family seen in the runs: x = its size parameter, y = the objective (Shannon: growth
    per coordinate; trifference: ternary rate), and the relative quality. ``lines`` hold one entry per run and
    line label (the other parameters, e.g. ``d=3`` for degdiam), each with points sorted by x; a point has
    its ``samples`` (valid objectives on the y scale, ratios) and their means. ``reference`` and ``bound``
    are the curves of the instances' references (split by reference type) and proven bounds."""
    panels: dict[str, dict] = {}
    for run in runs:
        calls = {(o.call_id, o.sample): o for o in run.outcomes}
        keys = list(dict.fromkeys([*calls, *run.details]))
        for key in keys:
            cid = key[0]
            d = run.details.get(key, {})
            o = calls.get(key)
            family = o.family if o else d.get("family")
            params = d.get("params") or {}
            if family not in SIZE_PARAM or type(params.get(SIZE_PARAM[family])) is not int:
                continue
            x = params[SIZE_PARAM[family]]
            panel = panels.setdefault(family, {
                "family": family, "size_param": SIZE_PARAM[family],
                "y_label": _TRANSFORMS[family][0] if family in _TRANSFORMS else "objective",
                "log_y": family not in _TRANSFORMS, "lines": {}, "reference": {}, "bound": {}})
            label = _line_label(family, params)
            point = panel["lines"].setdefault((run.name, label), {}).setdefault(
                x, {"x": x, "call_ids": [], "objective_samples": [], "ratio_samples": []})
            if cid not in point["call_ids"]:
                point["call_ids"].append(cid)
            if o is not None and o.missing:
                continue
            valid = o.valid if o is not None else d.get("valid", False)
            objective = o.objective if o is not None else d.get("objective")
            y = _y(family, objective, params) if valid else None
            if y is not None:
                point["objective_samples"].append(y)
            if o is not None and o.ratio is not None:
                point["ratio_samples"].append(objective_to_float(o.ratio))
            reference = o.reference if o is not None else d.get("reference")
            rtype = o.reference_type if o is not None else d.get("reference_type")
            ry = _y(family, reference, params)
            if ry is not None and rtype in REFERENCE_LABELS:
                panel["reference"].setdefault((rtype, label), {})[x] = ry
            by = _y(family, o.bound if o is not None else d.get("bound"), params)
            if by is not None:
                panel["bound"].setdefault(label, {})[x] = by
    out = []
    for family in [f for f in FAMILIES if f in panels]:
        p = panels[family]
        lines = []
        for (run, label), points in p["lines"].items():
            pts = []
            for x in sorted(points):
                pt = points[x]
                pts.append({**pt, "objective_mean": _mean(pt["objective_samples"]),
                            "ratio_mean": _mean(pt["ratio_samples"])})
            lines.append({"run": run, "line": label, "points": pts})
        out.append({"family": family, "size_param": p["size_param"], "y_label": p["y_label"], "log_y": p["log_y"],
                    "lines": lines,
                    "reference": [{"reference_type": t, "line": lab, "points": sorted(v.items())}
                                  for (t, lab), v in sorted(p["reference"].items())],
                    "bound": [{"line": lab, "points": sorted(v.items())} for lab, v in sorted(p["bound"].items())]})
    return out


# ---- ratio histogram ------------------------------------------------------------------------------------

def ratio_histogram(runs: Sequence[RunData], bins: int = 20) -> dict[str, Any]:
    """Shared bin edges over every run's scored ratios and the integer count per bin and run."""
    values = {r.name: [objective_to_float(o.ratio) for o in r.outcomes if o.ratio is not None and objective_to_float(o.ratio) is not None]
              for r in runs}
    flat = [v for vs in values.values() for v in vs]
    if not flat:
        return {"edges": [], "counts": {name: [] for name in values}}
    lo, hi = min(0.0, min(flat)), max(1.0, max(flat))
    width = (hi - lo) / bins
    edges = [lo + k * width for k in range(bins)] + [hi]
    counts = {}
    for name, vs in values.items():
        c = [0] * bins
        for v in vs:
            c[min(bins - 1, int((v - lo) / width))] += 1
        counts[name] = c
    return {"edges": edges, "counts": counts}


def call_table(runs: Sequence[RunData]) -> list[dict[str, Any]]:
    """Per run and sample of a call: verdict, reason, objective, ratio, gap closed and a witness summary for
    a rejection (the HTML report's per-call table)."""
    out = []
    for run in runs:
        for o in run.outcomes:
            d = run.details.get((o.call_id, o.sample), {})
            out.append({"run": run.name, "call_id": o.call_id, "sample": o.sample, "family": o.family, "status": o.status,
                        "reason": d.get("reason"), "message": d.get("message"),
                        "objective": o.objective, "reference": o.reference, "ratio": o.ratio,
                        "gap_closed": None if o.missing else gap_closed(o),
                        "witness": d.get("witness")})
        scored = {(o.call_id, o.sample) for o in run.outcomes}
        for key, d in run.details.items():     # verified without a reference: objective shown, "no reference"
            if key not in scored and d.get("reference") is None:
                out.append({"run": run.name, "call_id": d["call_id"], "sample": d["sample"], "family": d["family"],
                            "status": d["status"], "reason": d.get("reason"), "message": d.get("message"),
                            "objective": d.get("objective"), "reference": None, "ratio": None, "gap_closed": None,
                            "witness": d.get("witness"), "note": "no reference"})
    return out
