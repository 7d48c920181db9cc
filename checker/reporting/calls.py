"""Per-call views of scored runs: the per-instance table, the diff of two runs, and the figures.

* :func:`call_rows` -- one row per call (per sample, when a call has several) of a scores.json: verdict, exact objective, reference, exact ratio
  and gap closed (the same fields ``report`` aggregates);
* :func:`calls_markdown` -- several runs side by side, one row per call id;
* :func:`diff_rows` -- the calls whose verdict or exact ratio differs between two runs;
* :func:`calls_csv`, :func:`diff_csv` -- the same two tables as CSV (one table per file).

The figures are in :mod:`checker.reporting.plots`, the HTML view in :mod:`checker.reporting.html`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Sequence

from endless_exam.certificates.verdict import objective_to_float, objective_to_str

from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import gap_closed
from endless_exam.checker.reporting.report import csv_text, load_scores
from endless_exam.checker.reporting.cells import md_cell

#: columns of the per-call CSV table (long format: one row per run and call)
CALL_COLUMNS = ("run", "call_id", "instance_id", "family", "status", "objective", "reference", "ratio_exact",
                "ratio", "gap_closed")
#: columns of the diff CSV table
DIFF_COLUMNS = ("call_id", "family", "a_status", "a_ratio", "b_status", "b_ratio")


#: the note of a call verified without a reference (scored in no mean: there is nothing to divide by)
NO_REFERENCE = "no reference"


def call_rows(path: str | Path) -> list[dict[str, Any]]:
    """Every call (sample) of a scores.json: the scored ones, the missing ones, and the calls verified without
    a reference (``verified_without_reference``: their objective, reference and ratio None, note "no
    reference")."""
    rows = []
    params = {i.call_id: i.params for i in suites.all_instances()}
    for o in load_scores(path):
        g = None if o.missing else gap_closed(o)
        rows.append({"call_id": o.call_id, "sample": o.sample, "instance_id": o.instance_id, "family": o.family,
                     "params": params.get(o.call_id), "status": o.status, "objective": objective_to_str(o.objective),
                     "reference": objective_to_str(o.reference), "ratio_exact": objective_to_str(o.ratio),
                     "ratio": objective_to_float(o.ratio), "gap_closed": g})
    return rows + unreferenced_rows(path, params)


def unreferenced_rows(path: str | Path, params: dict | None = None) -> list[dict[str, Any]]:
    """The ``verified_without_reference`` rows of a scores.json as per-call rows (checked field by field: a
    malformed row is a ValueError naming it, never a crash)."""
    from endless_exam.checker.reporting.report import _read_doc

    doc, where = _read_doc(path)
    listed = doc.get("verified_without_reference", [])
    if not isinstance(listed, list):
        raise ValueError(f"{where}: field 'verified_without_reference' must be a list")
    if params is None:
        params = {i.call_id: i.params for i in suites.all_instances()}
    out = []
    for k, r in enumerate(listed):
        at = f"{where}: verified_without_reference[{k}]"
        if not isinstance(r, dict):
            raise ValueError(f"{at} must be an object")
        for key in ("call_id", "family", "status"):
            if not isinstance(r.get(key), str):
                raise ValueError(f"{at}: field {key!r} must be a string")
        for key in ("instance_id", "objective"):
            if r.get(key) is not None and not isinstance(r.get(key), str):
                raise ValueError(f"{at}: field {key!r} must be a string or null")
        sample = r.get("sample", 0)
        if type(sample) is not int or sample < 0:
            raise ValueError(f"{at}: field 'sample' must be a non-negative integer")
        out.append({"call_id": r["call_id"], "sample": sample, "instance_id": r.get("instance_id"),
                    "family": r["family"], "params": params.get(r["call_id"]), "status": r["status"],
                    "objective": r.get("objective"), "reference": None, "ratio_exact": None, "ratio": None,
                    "gap_closed": None, "note": NO_REFERENCE})
    return out


def _num(x: float | None, digits: int = 4) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def _key(row: dict) -> tuple[str, int]:
    return row["call_id"], row.get("sample", 0)


def _label(key: tuple[str, int]) -> str:
    """A call id, with ``#k`` for sample k other than 0."""
    return key[0] if key[1] == 0 else f"{key[0]} #{key[1]}"


def calls_markdown(runs: Sequence[tuple[str, list[dict]]]) -> str:
    """One row per call id and sample (in first-seen order; sample k > 0 shown as ``CALL #k``); per run:
    verdict, objective, ratio, gap closed."""
    order: dict[tuple[str, int], dict] = {}
    for _, rows in runs:
        for r in rows:
            order.setdefault(_key(r), r)
    by_run = [{_key(r): r for r in rows} for _, rows in runs]
    header = ["Call", "Family", "Reference"]
    for name, _ in runs:
        header += [f"{name}: verdict", "objective", "ratio", "gap closed"]
    lines = ["## Calls", "", "| " + " | ".join(md_cell(h) for h in header) + " |",
             "|" + "|".join("---" for _ in header) + "|"]
    for key, first in order.items():
        cells = [_label(key), first["family"], first["reference"] or first.get("note") or "-"]
        for table in by_run:
            r = table.get(key)
            if r is None:
                cells += ["(absent)", "-", "-", "-"]
            else:
                objective = r["objective"] or "-"
                ratio = r.get("note") or _num(r["ratio"])        # "no reference": no ratio to show
                cells += [r["status"], objective if len(objective) <= 24 else objective[:21] + "...",
                          ratio, _num(r["gap_closed"], 3)]
        lines.append("| " + " | ".join(md_cell(c) for c in cells) + " |")
    return "\n".join(lines) + "\n"


def diff_rows(a: list[dict], b: list[dict]) -> list[dict]:
    """Calls (per sample) whose verdict or exact ratio changed from run ``a`` to run ``b`` (or that only one
    run has)."""
    left, right = {_key(r): r for r in a}, {_key(r): r for r in b}
    out = []
    for key in dict.fromkeys([*left, *right]):
        x, y = left.get(key), right.get(key)
        if x is None or y is None or x["status"] != y["status"] or x["ratio_exact"] != y["ratio_exact"]:
            out.append({"call_id": key[0], **({"sample": key[1]} if key[1] else {}), "family": (x or y)["family"],
                        "a_status": x and x["status"], "a_ratio": x and x["ratio_exact"],
                        "b_status": y and y["status"], "b_ratio": y and y["ratio_exact"]})
    return out


def diff_markdown(names: tuple[str, str], changes: list[dict]) -> str:
    a, b = names
    lines = [f"## Changes from {md_cell(a)} to {md_cell(b)}", "",
             f"| Call | Family | {md_cell(a)} | {md_cell(b)} |", "|---|---|---|---|"]
    for c in changes:
        fmt = lambda s, r: "(absent)" if s is None else f"{s} {r or ''}".strip()   # noqa: E731
        cells = (_label(_key(c)), c["family"], fmt(c["a_status"], c["a_ratio"]), fmt(c["b_status"], c["b_ratio"]))
        lines.append("| " + " | ".join(md_cell(x) for x in cells) + " |")
    lines.append("")
    lines.append(f"{len(changes)} call(s) changed" if changes else "no call changed its verdict or ratio")
    return "\n".join(lines) + "\n"


def _with_sample(columns: tuple[str, ...], rows: list[dict]) -> tuple[str, ...]:
    """``columns`` with ``sample`` after ``call_id`` when some row is a sample other than 0."""
    if not any(r.get("sample", 0) for r in rows):
        return columns
    k = columns.index("call_id") + 1
    return columns[:k] + ("sample",) + columns[k:]


def calls_csv(runs: Sequence[tuple[str, list[dict]]]) -> str:
    """The per-call table as CSV, one row per (run, call, sample), exact objective and ratio as strings; the
    ``sample`` column is there when some run has several samples per call."""
    rows = [{"run": name, "note": None, **r} for name, rs in runs for r in rs]
    columns = _with_sample(CALL_COLUMNS, rows)
    if any(r.get("note") for r in rows):      # calls verified without a reference: a last column says so
        columns += ("note",)
    return csv_text(columns, rows)


def diff_csv(changes: list[dict]) -> str:
    """The changed calls of :func:`diff_rows` as CSV (empty cells: the call is absent from that run); a
    ``sample`` column when a changed row is a sample other than 0."""
    columns = _with_sample(DIFF_COLUMNS, changes)
    return csv_text(columns, ({"sample": 0, **c} for c in changes) if "sample" in columns else changes)


PLOT_EXTRA = "pip install 'endless-exam-checker[plot]'"


def plot_unavailable() -> str | None:
    """Why ``plot`` cannot run here (matplotlib, the optional extra ``plot``, is not installed), or None."""
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return (f"report --plot and --html need matplotlib, which is not installed: it is the optional extra 'plot' "
                f"({PLOT_EXTRA}, or pip install '.[plot]' in a checkout)")
    return None
