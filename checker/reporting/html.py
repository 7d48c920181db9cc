"""``report --html FILE``: one self-contained HTML page for a set of scored runs.

The page holds Table 2 (:mod:`checker.reporting.table2`), the figures as inline SVG
(:mod:`checker.reporting.plots`), the per-family table (:func:`checker.reporting.series.family_quality`) and
the per-call table: run, call, family, verdict, reason, objective, ratio, gap closed, and for a rejection
its message and a short witness summary. Inline CSS, no network access, no script framework: a dozen
lines of plain JavaScript sort a table by the clicked column.

Everything that comes from a scores file (run names, call ids, families, messages, witnesses) is
HTML-escaped; the SVG is matplotlib's (its text is drawn as paths and its comments escaped) with the
comments, the metadata block and the XML prolog removed before it is inlined.
"""
from __future__ import annotations

import html
import re
from typing import Any, Sequence

from endless_exam.certificates.verdict import objective_to_float, objective_to_str

from endless_exam.checker.reporting.report import (SAMPLE_CALLS_HEADER, SAMPLES_HEADER, _fmt as _f, _with_ci as _ci, sample_call_rows,
                     samples_rows)
from endless_exam.checker.reporting.series import RunData, call_table, family_quality
from endless_exam.checker.reporting.table2 import table2_rows

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"DejaVu Sans",sans-serif;margin:1.5em;color:#222;
max-width:1400px}
h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.6em;border-bottom:1px solid #ccc}
table{border-collapse:collapse;font-size:.85em;margin:.5em 0}
th,td{border:1px solid #ccc;padding:.2em .45em;text-align:left;vertical-align:top}
th{background:#f1f1f1;cursor:pointer;white-space:nowrap}td.num{text-align:right;font-variant-numeric:tabular-nums}
tr.REJECT td.status{color:#a00}tr.ACCEPT td.status{color:#070}tr.missing td.status{color:#a60}
figure{margin:1em 0}figure svg{max-width:100%;height:auto}figcaption{font-size:.85em;color:#555}
.note{font-size:.85em;color:#555}code{font-size:.95em}
"""

# sort the rows of a table body by the clicked header's column (numbers numerically, "–" last)
_JS = """
document.querySelectorAll("table.sortable th").forEach(function (th, col) {
  th.addEventListener("click", function () {
    var body = th.closest("table").tBodies[0], rows = Array.from(body.rows);
    var dir = th.dataset.dir === "asc" ? -1 : 1; th.dataset.dir = dir === 1 ? "asc" : "desc";
    function key(r) { var t = r.cells[col].textContent.trim(), n = parseFloat(t);
      return t === "–" ? [2, 0] : (/^-?[0-9.]+(e[-+]?[0-9]+)?$/i.test(t) ? [0, n] : [1, t]); }
    rows.sort(function (a, b) { var x = key(a), y = key(b);
      if (x[0] !== y[0]) return x[0] - y[0];
      return dir * (x[1] < y[1] ? -1 : x[1] > y[1] ? 1 : 0); });
    rows.forEach(function (r) { body.appendChild(r); });
  });
});
"""

_OBJECTIVE_CHARS = 24


def _e(value: Any) -> str:
    return html.escape("" if value is None else str(value), quote=True)


def _table(cls: str, header: Sequence[str], rows: Sequence[Sequence[tuple[str, str]]], row_classes=None) -> str:
    """A table; each cell is (css class, already-escaped text)."""
    out = [f'<table class="{cls}"><thead><tr>' + "".join(f"<th>{_e(h)}</th>" for h in header) + "</tr></thead><tbody>"]
    for k, row in enumerate(rows):
        rc = f' class="{_e(row_classes[k])}"' if row_classes else ""
        out.append(f"<tr{rc}>" + "".join(f'<td class="{c}">{t}</td>' if c else f"<td>{t}</td>" for c, t in row)
                   + "</tr>")
    out.append("</tbody></table>")
    return "\n".join(out)


def _table2(runs: Sequence[RunData]) -> str:
    rows = []
    for r in table2_rows([(run.name, run.aggregate) for run in runs]):
        score = _ci(r["score"], r["score_ci_low"], r["score_ci_high"], 2)
        if r["score_kind"] == "subset_score":
            score = "subset " + score
        rows.append([("", _e(r["run"])), ("num", _e(score)),
                     ("num", _e(_ci(r["published_mean"], r["published_ci_low"], r["published_ci_high"]))),
                     ("num", str(r["published_n"])),
                     ("num", _e(_ci(r["construction_mean"], r["construction_ci_low"], r["construction_ci_high"]))),
                     ("num", str(r["construction_n"])), ("num", _f(r["valid_fraction"], 3)),
                     ("num", _f(r["gap_closed"], 3)), ("num", _e(r["gap_closed_n"])),
                     ("num", _f(r["labs_progress"], 3))])
    header = ["Run", "Score [95% CI]", "Published frontiers [95% CI]", "n", "Construction baselines [95% CI]", "n",
              "Valid fraction", "Gap closed", "n (proven bounds)", "LABS progress"]
    return _table("sortable table2", header, rows)


def _samples(runs: Sequence[RunData]) -> list[str]:
    rows = samples_rows([(run.name, run.aggregate) for run in runs])
    if not rows:
        return []
    cells = [[("", _e(r[0]))] + [("num", _e(v)) for v in r[1:]] for r in rows]
    per_call = [[("", _e(r[0])), ("", _e(r[1]))] + [("num", _e(v)) for v in r[2:]]
                for r in sample_call_rows([(run.name, run.aggregate) for run in runs])]
    return ["<h2>Samples</h2>", _table("sortable samples", list(SAMPLES_HEADER), cells),
            '<p class="note">A call\'s ratio is the mean over its scored samples (the score); best-of-k takes the best '
            "sample of each call; Valid counts the valid samples.</p>",
            _table("sortable sample-calls", list(SAMPLE_CALLS_HEADER), per_call)]


def _families(runs: Sequence[RunData]) -> str:
    parts = []
    for panel in family_quality(runs):
        if not panel["families"]:
            continue
        cells = {(c["family"], c["run"]): c for c in panel["cells"]}
        rows = []
        for family in panel["families"]:
            row = [("", _e(family))]
            for run in runs:
                c = cells[(family, run.name)]
                if c["missing"]:
                    row.append(("num", "no scored call"))
                else:
                    lo, hi = c["ci"] if c["ci"] else (None, None)
                    row.append(("num", _e(f"{_ci(c['mean'], lo, hi)} (n={c['n']})")))
            rows.append(row)
        parts.append(f"<h3>{_e(panel['title'].capitalize())}</h3>")
        parts.append(_table("sortable families", ["Family", *[run.name for run in runs]], rows))
    return "\n".join(parts)


def _calls(runs: Sequence[RunData]) -> str:
    rows, classes = [], []
    table = call_table(runs)
    with_samples = any(c["sample"] for c in table)      # a "Sample" column only when a run has several
    for c in table:
        objective = objective_to_str(c["objective"]) or "–"
        if len(objective) > _OBJECTIVE_CHARS:
            objective = objective[: _OBJECTIVE_CHARS - 1] + "…"
        detail = ""
        if c["status"] != "ACCEPT":
            detail = _e(c["message"] or "")
            if c["witness"]:
                detail += f"<br>witness: <code>{_e(c['witness'])}</code>"
        missing = c["ratio"] is None
        sample = [("num", str(c["sample"]))] if with_samples else []
        rows.append([("", _e(c["run"])), ("", _e(c["call_id"])), *sample, ("", _e(c["family"])),
                     ("status", _e(c["status"])), ("", _e(c["reason"] or "–")), ("num", _e(objective)),
                     ("num", _e(c["note"]) if c.get("note") else _f(objective_to_float(c["ratio"]), 4)),
                     ("num", _f(c["gap_closed"], 3)), ("", detail)])
        classes.append(c["status"] if c.get("note") else "missing" if missing else c["status"])
    header = ["Run", "Call", *(["Sample"] if with_samples else []), "Family", "Verdict", "Reason", "Objective",
              "Ratio", "Gap closed", "Message / witness"]
    return _table("sortable calls", header, rows, classes)


_PROLOG = re.compile(r"\A\s*<\?xml[^>]*\?>\s*(<!DOCTYPE[^>]*>\s*)?", re.S)
_COMMENT = re.compile(r"<!--.*?-->|<metadata>.*?</metadata>", re.S)


def inline_svg(svg: str) -> str:
    """matplotlib's SVG ready to be inlined: without the XML prolog, the doctype, the comments and the RDF
    metadata block."""
    return _COMMENT.sub("", _PROLOG.sub("", svg)).strip()


_CAPTIONS = {
    "family_quality": "Mean relative quality per family and run with 95% bootstrap intervals over instances; "
                      "published frontiers and construction baselines apart, each panel on its own y scale (the title says "
                      "when they differ); n under each bar; "
                      "\"no data\" = no scored call.",
    "score_tokens": "Overall score against the total output tokens of each run's answers.",
    "size_quality": "Objective against each family's size parameter (reference curves dashed, proven-bound "
                    "curves dotted), relative quality below; size labels that would overlap are thinned.",
    "ratio_histogram": "Ratios of the scored samples (one per call when each call has one answer).",
}


def html_report(runs: Sequence[RunData], figures: Sequence[tuple[str, str]] | None = None,
                title: str = "Endless Exam report") -> str:
    """The page as text. ``figures`` are ``(stem, svg text)`` pairs (default: drawn now with matplotlib)."""
    if figures is None:
        from endless_exam.checker.reporting.plots import svg_figures

        figures = svg_figures(runs)
    names = ", ".join(run.name for run in runs)
    parts = ["<!DOCTYPE html>", '<html lang="en"><head><meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{_e(title)}: {_e(names)}</title><style>{_CSS}</style></head><body>",
             f"<h1>{_e(title)}</h1>",
             '<p class="runs">Runs: ' + ", ".join(f'<span class="run">{_e(run.name)}</span>' for run in runs) + "</p>",
             "<h2>Table 2</h2>", _table2(runs),
             '<p class="note">Means of relative quality (ratio to the reference) over instances with 95% percentile '
             "bootstrap intervals (upstream's seeded procedure); gap closed over the instances with a proven bound; "
             "LABS progress toward the conjectured 12.32, apart. Click a column header to sort.</p>",
             *_samples(runs), "<h2>Figures</h2>"]
    for stem, svg in figures:
        parts.append(f'<figure id="fig-{_e(stem)}">{inline_svg(svg)}<figcaption>{_e(_CAPTIONS.get(stem, stem))}'
                     "</figcaption></figure>")
    parts += ["<h2>Families</h2>", _families(runs), "<h2>Calls</h2>", _calls(runs),
              f"<script>{_JS}</script>", "</body></html>"]
    return "\n".join(parts) + "\n"
