"""The paper's Table 2 for any set of scored runs: one row per run, in markdown, CSV or JSON.

A row holds the overall score (or a labelled subset score), the mean relative quality over the
published frontiers (30 instances in bench-v1) and over the construction baselines (39), each with the
95% bootstrap interval that :func:`checker.scoring.aggregate.aggregate` computed (upstream's seeded
procedure, :func:`checker.scoring.aggregate.bootstrap_ci`; nothing is recomputed here), the valid fraction, the
mean gap closed over the instances with proven bounds (with their count), and LABS progress toward the
conjectured 12.32 reported apart. The values are the aggregate's own, so a row equals the ``summary``
row of ``report`` for the same run, number for number.

The rows are built from aggregates, not from calls: when a call carries several samples, the aggregate
decides how they combine and this table is unchanged.
"""
from __future__ import annotations

import json
from typing import Any, Sequence

from endless_exam.checker.reporting.report import _summary, _with_ci, _fmt, _md_table, csv_text

#: Table 2 columns (CSV header and JSON keys), in order
TABLE2_COLUMNS = (
    "run", "score_kind", "score", "score_ci_low", "score_ci_high",
    "published_mean", "published_ci_low", "published_ci_high", "published_n",
    "construction_mean", "construction_ci_low", "construction_ci_high", "construction_n",
    "valid_fraction", "gap_closed", "gap_closed_n", "labs_progress", "labs_n",
)
TABLE2_VERSION = 1


def table2_rows(runs: Sequence[tuple[str, dict]]) -> list[dict[str, Any]]:
    """One Table 2 row per ``(name, aggregate)`` run, in the given order."""
    rows = []
    for name, agg in runs:
        s = _summary(name, agg)
        labs = agg["labs_progress"]
        row = {k: s[k] for k in TABLE2_COLUMNS if k in s}
        row["labs_n"] = labs.get("n")
        rows.append({k: row[k] for k in TABLE2_COLUMNS})
    return rows


def table2_markdown(rows: Sequence[dict[str, Any]]) -> str:
    header = ["Run", "Score [95% CI]", "Published frontiers [95% CI] (n)", "Construction baselines [95% CI] (n)",
              "Valid", "Gap closed (n)", "LABS progress"]
    body = []
    for r in rows:
        score = _with_ci(r["score"], r["score_ci_low"], r["score_ci_high"], 2)
        if r["score_kind"] == "subset_score":
            score = f"subset {score}"
        body.append([r["run"], score,
                     f"{_with_ci(r['published_mean'], r['published_ci_low'], r['published_ci_high'])} "
                     f"({r['published_n']})",
                     f"{_with_ci(r['construction_mean'], r['construction_ci_low'], r['construction_ci_high'])} "
                     f"({r['construction_n']})",
                     _fmt(r["valid_fraction"]), f"{_fmt(r['gap_closed'])} ({r['gap_closed_n']})",
                     _fmt(r["labs_progress"])])
    lines = ["## Table 2", ""] + _md_table(header, body, "lllllll")
    lines += ["", "Means of relative quality (ratio to the reference) over instances; 95% percentile bootstrap "
              "intervals over instances (upstream's seeded procedure); gap closed over the instances with a "
              "proven bound; LABS progress toward the conjectured 12.32, apart.", ""]
    return "\n".join(lines)


def table2_csv(rows: Sequence[dict[str, Any]]) -> str:
    return csv_text(TABLE2_COLUMNS, rows)


def table2_json(rows: Sequence[dict[str, Any]]) -> str:
    doc = {"table2_version": TABLE2_VERSION, "columns": list(TABLE2_COLUMNS), "rows": list(rows)}
    return json.dumps(doc, indent=1, ensure_ascii=False, allow_nan=False) + "\n"


def render_table2(runs: Sequence[tuple[str, dict]], fmt: str) -> str:
    """Table 2 of ``(name, aggregate)`` runs as ``md``, ``csv`` or ``json``."""
    rows = table2_rows(runs)
    if fmt == "md":
        return table2_markdown(rows)
    if fmt == "csv":
        return table2_csv(rows)
    if fmt == "json":
        return table2_json(rows)
    raise ValueError(f"unknown report format {fmt!r}; choose one of md, csv, json")
