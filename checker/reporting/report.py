"""Reports over aggregated runs (paper Table 2 style) and reading of ``scores.json`` files.

* :func:`load_scores` reads the per-call rows of a scores.json into :class:`~checker.scoring.aggregate.InstanceOutcome`
  values; every missing or mistyped field is a ``ValueError`` naming the file, the row and the field.
* :func:`load_run` = ``aggregate(load_scores(path))`` with the file's expected instance count.
* :func:`render` prints one or more aggregated runs as ``md``, ``csv`` or ``json``.

CSV: one table per file (:data:`CSV_TABLES`): ``summary`` (header ``run,complete,...``, one row per run)
and ``groups`` (header ``run,family_group,n,mean,ci_low,ci_high``, long format); ``report_calls`` adds
the per-call table ``calls``. Numbers in CSV and JSON are full-precision floats; empty CSV cells / JSON
nulls mean "not available".
"""
from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any, Iterable, Sequence

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.strictjson import JSONSyntaxError, loads

from endless_exam.checker.suites import instances as suites
from endless_exam.checker.reporting.cells import md_cell
from endless_exam.checker.scoring.aggregate import BEYOND_BOUND_FLAG, CORE_GROUPS, InstanceOutcome, aggregate, MISSING_STATUS_BY_REASON
from endless_exam.checker.scoring.answers import MAX_SAMPLE
from endless_exam.checker.scoring.callrow import Fields, outcome_from_json, outcome_json

FORMATS = ("md", "csv", "json")
REPORT_VERSION = 1

#: summary columns (csv header and json keys), in order
SUMMARY_COLUMNS = (
    "run", "complete", "score_kind", "score", "score_ci_low", "score_ci_high",
    "published_mean", "published_ci_low", "published_ci_high", "published_n",
    "construction_mean", "construction_ci_low", "construction_ci_high", "construction_n",
    "valid_fraction", "gap_closed", "gap_closed_published", "gap_closed_construction", "gap_closed_n",
    "labs_progress", "record_candidates", "distinct_instances", "expected_instances", "flags",
)
GROUP_COLUMNS = ("run", "family_group", "n", "mean", "ci_low", "ci_high")
#: the CSV tables this module renders from aggregates, one table per file
CSV_TABLES = ("summary", "groups")

# ---- reading scores.json -----------------------------------------------------------------------------

MAX_SCORES_CHARS = 1 << 30      # a scores file larger than this is refused (as ``score`` refuses to resume from it)


def _strict_loads(text: str, where: str) -> Any:
    """The project's strict JSON loader (``certificates.strictjson``), its errors named after the file."""
    try:
        return loads(text, max_chars=MAX_SCORES_CHARS)
    except JSONSyntaxError as exc:
        raise ValueError(f"{where}: not valid JSON: {exc.message.removeprefix('invalid JSON: ')}") from None
    except AnswerError as exc:      # NaN, a repeated key, too deep, too long
        raise ValueError(f"{where}: {exc.message}") from None


#: the fields of a ``calls_scored`` row that :func:`load_scores` reads, for an outcome (``callrow.outcome_json``)
outcome_row = outcome_json


def _suite_lookup(suite: str | None, where: str):
    if suite is None:
        return {}
    try:
        return {i.call_id: i for i in suites.load(suite)}
    except KeyError as exc:
        raise ValueError(f"{where}: {exc.args[0]}") from None


def _read_doc(path: str | Path) -> tuple[dict, str]:
    where = str(path)
    from endless_exam.checker.files.reading import DocumentError, read_document

    try:
        text = read_document(str(path), MAX_SCORES_CHARS, "scores file").decode("utf-8")
    except DocumentError as exc:
        raise ValueError(str(exc)) from None
    except UnicodeDecodeError as exc:
        raise ValueError(f"{where}: not valid UTF-8 (byte offset {exc.start})") from None
    doc = _strict_loads(text, where)
    if not isinstance(doc, dict):
        raise ValueError(f"{where}: a scores file is a JSON object, got {type(doc).__name__}")
    return doc, where


def _missing_outcome(call_id: str, sample: int, status: str, suite_calls: dict, suite: str | None,
                     where: str) -> InstanceOutcome:
    inst = suite_calls.get(call_id)
    if inst is None:
        raise ValueError(f"{where}: missing call {call_id!r} has no row in 'calls_scored' and is not a call of "
                         f"suite {suite!r}, so its instance is unknown")
    if inst.reference is None or inst.reference_type is None:
        raise ValueError(f"{where}: missing call {call_id!r}: suite {suite!r} has no reference for it")
    return InstanceOutcome(
        call_id=call_id, instance_id=inst.instance_id, family=inst.family, family_group=inst.family_group,
        reference_type=inst.reference_type, sense=inst.sense, reference=inst.reference, bound=inst.bound,
        bound_kind=inst.bound_kind, status=status, valid=False, objective=None, ratio=None, sample=sample)


def _load(path: str | Path) -> tuple[list[InstanceOutcome], dict, str]:
    doc, where = _read_doc(path)
    top = Fields(doc, where)
    rows = top.list("calls_scored")
    infra = top.list("infrastructure_failures")
    missing_ids = top.list("missing_call_ids")
    suite = doc.get("suite", "bench-v1")
    if suite is not None and not isinstance(suite, str):
        raise ValueError(f"{where}: field 'suite' must be a string or null, got {suite!r:.60}")

    outcomes: dict[tuple[str, int], InstanceOutcome] = {}      # (call_id, sample) -> outcome
    for k, data in enumerate(rows):
        o = outcome_from_json(data, f"{where}: calls_scored[{k}]")
        if (o.call_id, o.sample) in outcomes:
            raise ValueError(f"{where}: calls_scored[{k}]: duplicate call_id {o.call_id!r}"
                             + (f" sample {o.sample}" if o.sample else ""))
        outcomes[(o.call_id, o.sample)] = o
    samples_of: dict[str, list[InstanceOutcome]] = {}
    for o in outcomes.values():
        samples_of.setdefault(o.call_id, []).append(o)

    missing: dict[tuple[str, int], str] = {}
    for k, data in enumerate(infra):
        row = Fields(data, f"{where}: infrastructure_failures[{k}]")
        cid = row.str("call_id")
        sample = row.int("sample") if "sample" in row.data else 0
        if not 0 <= sample <= MAX_SAMPLE:
            raise ValueError(f"{row.where}: field 'sample' must be an integer from 0 to {MAX_SAMPLE}, got {sample}")
        reason = row.str("reason", nullable=True)
        if row.data.get("ratio") is not None:
            raise ValueError(f"{row.where}: an infrastructure failure has no ratio (field 'ratio' must be null)")
        missing[(cid, sample)] = MISSING_STATUS_BY_REASON.get(reason or "", "MISSING")
    for k, cid in enumerate(missing_ids):
        if not isinstance(cid, str) or not cid:
            raise ValueError(f"{where}: missing_call_ids[{k}] must be a call id string, got {cid!r:.60}")
        scored = [o for o in samples_of.get(cid, []) if not o.missing]
        if scored:      # a missing call has no scored sample
            raise ValueError(f"{where}: call {cid!r} is listed as missing but has a scored row in 'calls_scored' "
                             f"(status {scored[0].status})")
        if cid not in samples_of:
            missing.setdefault((cid, 0), "MISSING")

    suite_calls = None
    for (cid, sample), status in missing.items():
        if (cid, sample) in outcomes:
            if not outcomes[(cid, sample)].missing:
                raise ValueError(f"{where}: call {cid!r}" + (f" sample {sample}" if sample else "")
                                 + f" is listed as missing but has a scored row in 'calls_scored' "
                                 f"(status {outcomes[(cid, sample)].status})")
            continue
        if suite_calls is None:
            suite_calls = _suite_lookup(suite, where)
        outcomes[(cid, sample)] = _missing_outcome(cid, sample, status, suite_calls, suite, where)
    return list(outcomes.values()), doc, where


def load_scores(path: str | Path) -> list[InstanceOutcome]:
    """Per-call outcomes of a scores.json: every ``calls_scored`` row, plus the calls listed in
    ``infrastructure_failures`` / ``missing_call_ids`` as missing outcomes (status DISAGREE for
    ``independent_verifier_disagreement``, ERROR for ``verification_process_failed``, MISSING otherwise).
    A missing call without a row takes its instance from the file's ``suite`` (default ``bench-v1``).

    Required per row: call_id, instance_id, family, family_group, params, reference (exact string),
    reference_type, sense, bound (exact string or null), bound_kind, status, valid, objective (exact
    string or null), ratio (float or null), ratio_exact (string or null). Raises ValueError naming the
    file, row and field for anything missing, mistyped or inconsistent.
    """
    return _load(path)[0]


def load_run(path: str | Path, **options: Any) -> dict[str, Any]:
    """``aggregate`` over :func:`load_scores` with the file's ``expected_instances`` (default 69); when the
    file's suite has exactly that many instances, their ids are expected so absent ones are named.
    ``options`` go to :func:`endless_exam.checker.scoring.aggregate.aggregate` (duplicates, resamples, seed)."""
    outcomes, doc, where = _load(path)
    expected: Any = doc.get("expected_instances", 69)
    if expected is not None and (isinstance(expected, bool) or not isinstance(expected, int) or expected < 0):
        raise ValueError(f"{where}: field 'expected_instances' must be a non-negative integer, got {expected!r:.60}")
    suite = doc.get("suite", "bench-v1")
    if isinstance(suite, str) and suite in suites.SUITES and expected is not None:
        ids = list(dict.fromkeys(i.instance_id for i in suites.load(suite)))
        if len(ids) == expected and {o.instance_id for o in outcomes} <= set(ids):
            expected = ids
    try:
        return aggregate(outcomes, expected, **options)
    except (ValueError, TypeError) as exc:
        raise ValueError(f"{where}: {exc}") from None


# ---- rendering ---------------------------------------------------------------------------------------

def _need(agg: dict, key: str, name: str) -> Any:
    if key not in agg:
        raise ValueError(f"run {name!r}: aggregate has no {key!r} (expected the output of checker.scoring.aggregate.aggregate)")
    return agg[key]


def _summary(name: str, agg: Any) -> dict[str, Any]:
    if not isinstance(agg, dict):
        raise ValueError(f"run {name!r}: expected an aggregate dict, got {type(agg).__name__}")
    complete = _need(agg, "complete", name)
    kind = "score" if complete else "subset_score"
    score = _need(agg, kind, name)
    score_ci = _need(agg, f"{kind}_ci", name) or [None, None]
    pci = _need(agg, "published_ci", name) or [None, None]
    cci = _need(agg, "construction_ci", name) or [None, None]
    gap = _need(agg, "gap_closed", name)
    labs = _need(agg, "labs_progress", name)
    status = _need(agg, "status_counts", name)
    flags = []
    if not complete:
        exp = agg.get("expected_instances")
        n_missing = len(agg.get("missing_instances", [])) + agg.get("missing_unlisted", 0)
        flags.append(f"subset {agg.get('distinct_instances')}/{exp if exp is not None else '?'} "
                     f"({n_missing} missing)")
    beyond = gap.get("beyond_bound", [])
    if beyond:
        flags.append(f"{len(beyond)} {BEYOND_BOUND_FLAG}: " + ", ".join(b["instance_id"] for b in beyond))
    for st, label in (("DISAGREE", "verifier disagreement"), ("ERROR", "verifier error"),
                      ("MISSING", "unanswered/infrastructure"), ("TIMEOUT", "timeout"), ("LIMIT", "memory limit")):
        if status.get(st):
            flags.append(f"{status[st]} {label}")
    return {
        "run": name, "complete": complete, "score_kind": kind, "score": score,
        "score_ci_low": score_ci[0], "score_ci_high": score_ci[1],
        "published_mean": _need(agg, "published_hfr", name), "published_ci_low": pci[0], "published_ci_high": pci[1],
        "published_n": _need(agg, "published_n", name),
        "construction_mean": _need(agg, "construction_reference_ratio", name),
        "construction_ci_low": cci[0], "construction_ci_high": cci[1],
        "construction_n": _need(agg, "construction_n", name),
        "valid_fraction": _need(agg, "valid_fraction", name),
        "gap_closed": gap.get("mean"), "gap_closed_published": gap.get("published"),
        "gap_closed_construction": gap.get("construction"), "gap_closed_n": gap.get("n_eligible"),
        "labs_progress": labs.get("mean"), "record_candidates": _need(agg, "record_candidates_count", name),
        "distinct_instances": _need(agg, "distinct_instances", name),
        "expected_instances": agg.get("expected_instances"), "flags": flags,
    }


def _group_names(runs: Sequence[tuple[str, dict]]) -> list[str]:
    names = list(CORE_GROUPS)
    for name, agg in runs:
        for g in _need(agg, "groups", name):
            if g not in names:
                names.append(g)
    return names


def _group_rows(runs: Sequence[tuple[str, dict]]) -> list[dict[str, Any]]:
    out = []
    for g in _group_names(runs):
        for name, agg in runs:
            cell = agg["groups"].get(g) or {"n": 0, "mean": None, "ci": None}
            ci = cell.get("ci") or [None, None]
            out.append({"run": name, "family_group": g, "n": cell.get("n", 0), "mean": cell.get("mean"),
                        "ci_low": ci[0], "ci_high": ci[1]})
    return out


def _fmt(x: Any, digits: int = 3) -> str:
    if x is None:
        return "–"
    if isinstance(x, float):
        return f"{x:.{digits}f}"
    return str(x)


def _with_ci(mean: Any, lo: Any, hi: Any, digits: int = 3) -> str:
    if mean is None:
        return "–"
    if lo is None or hi is None:
        return _fmt(mean, digits)
    return f"{_fmt(mean, digits)} [{_fmt(lo, digits)}, {_fmt(hi, digits)}]"


def _md_table(header: Sequence[str], rows: Iterable[Sequence[str]], align: Sequence[str]) -> list[str]:
    lines = ["| " + " | ".join(md_cell(h) for h in header) + " |",
             "|" + "|".join(":---" if a == "l" else "---:" for a in align) + "|"]
    lines += ["| " + " | ".join(md_cell(c) for c in row) + " |" for row in rows]
    return lines


def _render_md(summaries: list[dict], groups: list[dict], runs: Sequence[tuple[str, dict]]) -> str:
    header = ["Run", "Score [95% CI]", "Published mean [CI]", "Construction mean [CI]", "Valid",
              "Gap closed (all / pub / con)", "LABS progress", "Records", "Flags"]
    rows = []
    for s in summaries:
        score = _with_ci(s["score"], s["score_ci_low"], s["score_ci_high"], 2)
        if s["score_kind"] == "subset_score":
            score = f"subset {score}"
        gap = " / ".join(_fmt(s[k]) for k in ("gap_closed", "gap_closed_published", "gap_closed_construction"))
        rows.append([s["run"], score,
                     _with_ci(s["published_mean"], s["published_ci_low"], s["published_ci_high"]),
                     _with_ci(s["construction_mean"], s["construction_ci_low"], s["construction_ci_high"]),
                     _fmt(s["valid_fraction"]), gap, _fmt(s["labs_progress"]), str(s["record_candidates"]),
                     "; ".join(s["flags"]) or "–"])
    lines = ["## Scores", ""]
    lines += _md_table(header, rows, "llllllrrl")
    boot = sorted({(b.get("resamples"), b.get("seed")) for _, agg in runs
                   for b in [agg.get("bootstrap") or {}]}, key=repr)
    boot_text = ", ".join(f"{r} resamples, seed {s}" for r, s in boot)
    lines += ["", "Score = 100 × mean ratio over the instances (a subset score covers only the observed ones); "
              "means of ratios per reference type; 95% bootstrap intervals over instances "
              f"({boot_text}); gap closed is the equal-weight mean over eligible instances; "
              "LABS progress is toward the conjectured 12.32.", ""]
    lines += ["## Family groups (mean ratio [95% CI])", ""]
    names = [name for name, _ in runs]
    by = {(r["family_group"], r["run"]): r for r in groups}
    grows = []
    for g in _group_names(runs):
        cells = [by[(g, n)] for n in names]
        n_max = max(c["n"] for c in cells)
        row = [g, str(n_max)]
        for c in cells:
            text = _with_ci(c["mean"], c["ci_low"], c["ci_high"])
            if c["n"] != n_max and c["mean"] is not None:
                text += f" (n={c['n']})"
            row.append(text)
        grows.append(row)
    lines += _md_table(["Group", "n", *names], grows, "lr" + "l" * len(names))
    lines += samples_markdown(runs)
    return "\n".join(lines) + "\n"


SAMPLES_HEADER = ("Run", "Samples", "Scored", "Valid", "Most per call", "Score (mean over samples) [95% CI]",
                  "Best-of-k score [95% CI]")


def samples_rows(runs: Sequence[tuple[str, dict]]) -> list[list[str]]:
    """One row per run with several samples per call (an aggregate with ``samples``): the sample counts, the
    score (per call the mean over its samples) and the best-of-k score; no rows when no run has samples."""
    rows = []
    for name, agg in runs:
        sm = agg.get("samples")
        if not isinstance(sm, dict):
            continue
        kind = "score" if agg.get("complete") else "subset_score"
        ci = agg.get(f"{kind}_ci") or [None, None]
        best = sm["best_of_k"]
        bci = best.get(f"{kind}_ci") or [None, None]
        prefix = "" if kind == "score" else "subset "
        rows.append([name, str(sm["samples"]), str(sm["samples_scored"]), str(sm["valid_samples"]),
                     str(sm["max_samples_per_call"]), prefix + _with_ci(agg.get(kind), ci[0], ci[1], 2),
                     prefix + _with_ci(best.get(kind), bci[0], bci[1], 2)])
    return rows


SAMPLE_CALLS_HEADER = ("Run", "Call", "Samples", "Scored", "Valid", "Mean ratio (scored)", "Best ratio (best-of-k)")


def sample_call_rows(runs: Sequence[tuple[str, dict]]) -> list[list[str]]:
    """Per run with several samples per call and per call: the sample counts, the mean ratio over the scored
    samples (what the score uses) and the best ratio."""
    rows = []
    for name, agg in runs:
        sm = agg.get("samples")
        for c in (sm.get("per_call", []) if isinstance(sm, dict) else []):
            rows.append([name, c["call_id"], str(c["samples"]), str(c["samples_scored"]), str(c["valid_samples"]),
                         _fmt(c["mean_ratio"], 4), _fmt(c["best_ratio"], 4)])
    return rows


def samples_markdown(runs: Sequence[tuple[str, dict]]) -> list[str]:
    """The markdown lines of the samples tables (none when no run has several samples per call)."""
    rows = samples_rows(runs)
    if not rows:
        return []
    return (["", "## Samples (several responses per call)", ""] + _md_table(SAMPLES_HEADER, rows, "lrrrrll")
            + ["", "A call's ratio is the mean over its scored samples (the score above); best-of-k takes the best "
               "sample of each call instead; Valid counts the valid samples.", ""]
            + _md_table(SAMPLE_CALLS_HEADER, sample_call_rows(runs), "llrrrrr"))


def _csv_value(x: Any) -> str:
    if x is None:
        return ""
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, float):
        return repr(x)
    if isinstance(x, list):
        return "; ".join(str(v) for v in x)
    return str(x)


def csv_text(columns: Sequence[str], rows: Iterable[dict]) -> str:
    """One CSV table: a header row of ``columns`` and one row per dict."""
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(columns)
    for r in rows:
        w.writerow([_csv_value(r[c]) for c in columns])
    return buf.getvalue()


def report_data(runs: Sequence[tuple[str, dict]]) -> dict[str, Any]:
    """The JSON report as a Python object: summary rows, group rows and each run's full aggregate."""
    summaries = [_summary(name, agg) for name, agg in runs]
    return {"report_version": REPORT_VERSION, "summary_columns": list(SUMMARY_COLUMNS), "summary": summaries,
            "group_columns": list(GROUP_COLUMNS), "groups": _group_rows(runs),
            "runs": [{"name": name, "aggregate": agg} for name, agg in runs]}


def render(runs: list[tuple[str, dict]], fmt: str, table: str = "summary") -> str:
    """Table-2-style comparison of aggregated runs (``(name, aggregate(...))`` pairs) as md, csv or json;
    for csv, the one table named by ``table`` (one of :data:`CSV_TABLES`)."""
    if fmt not in FORMATS:
        raise ValueError(f"unknown report format {fmt!r}; choose one of {', '.join(FORMATS)}")
    if fmt == "csv" and table not in CSV_TABLES:
        raise ValueError(f"unknown csv table {table!r}; choose one of {', '.join(CSV_TABLES)}")
    runs = list(runs)
    if not runs:
        raise ValueError("no runs to report")
    for k, item in enumerate(runs):
        if not (isinstance(item, tuple) and len(item) == 2 and isinstance(item[0], str)):
            raise ValueError(f"runs[{k}] must be a (name, aggregate) pair")
    names = [name for name, _ in runs]
    if len(set(names)) != len(names):
        raise ValueError(f"run names must be distinct, got {names}")
    if fmt == "json":
        try:
            return json.dumps(report_data(runs), indent=1, ensure_ascii=False, allow_nan=False) + "\n"
        except ValueError as exc:
            raise ValueError(f"report is not representable as strict JSON: {exc}") from None
    summaries = [_summary(name, agg) for name, agg in runs]
    groups = _group_rows(runs)
    if fmt == "csv":
        return csv_text(SUMMARY_COLUMNS, summaries) if table == "summary" else csv_text(GROUP_COLUMNS, groups)
    return _render_md(summaries, groups, runs)


def render_files(paths: Sequence[str | Path], fmt: str, names: Sequence[str] | None = None,
                 table: str = "summary", **options: Any) -> str:
    """Load and aggregate each scores.json and render them together; names default to the file paths."""
    if names is not None and len(names) != len(paths):
        raise ValueError(f"{len(names)} names for {len(paths)} files")
    labels = list(names) if names is not None else [str(p) for p in paths]
    return render([(label, load_run(p, **options)) for label, p in zip(labels, paths)], fmt, table)
