"""``report``'s Table 2 (checker.reporting.table2), the numbers behind the figures (checker.reporting.series),
reproducible figure bytes (checker.reporting.plots) and the HTML page (checker.reporting.html) in a real browser."""
from __future__ import annotations

import csv
import io
import json
import math
import os
import shutil
import subprocess
import sys
import tempfile
from fractions import Fraction

import pytest

from endless_exam import fixtures
from endless_exam.checker import cli
from endless_exam.checker.reporting import series as report_series
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import InstanceOutcome
from endless_exam.checker.reporting.table2 import TABLE2_COLUMNS
from tests.reporting.test_report import _outcome, scores_doc, write


def _paper_outcomes(bench):
    table = fixtures.read_json("paper", "table25.json")
    by_id = {i.instance_id: i for i in bench}
    return [_outcome(by_id[row["instance_id"]], Fraction(str(row["ratios"]["opus_tools"]))) for row in table["instances"]]


def _at_reference(insts, skip=()):
    """Every instance with a reference answered exactly at its reference (ratio 1), objective known."""
    return [InstanceOutcome(i.call_id, i.instance_id, i.family, i.family_group, i.reference_type, i.sense,
                            i.reference, i.bound, i.bound_kind, "ACCEPT", True, i.reference, Fraction(1))
            for i in insts if i.reference is not None and i.family not in skip]


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("views")
    bench = suites.load("bench-v1")
    paper = scores_doc(_paper_outcomes(bench), bench)
    a, b = write(tmp, paper, "opus-a.json"), write(tmp, paper, "opus-b.json")
    series = [i for i in suites.load("size-series") if i.reference is not None]
    doc = scores_doc(_at_reference(series), series)
    doc.update(suite="size-series", expected_instances=len({i.instance_id for i in series}), expected_calls=len(series))
    s = write(tmp, doc, "series.json")
    # a bench-v1 run without any capset answer and with a hostile call id and message
    outs = _at_reference(bench, skip={"capset"})
    rows = scores_doc(outs, bench)
    rows["complete"] = False
    rows["missing_call_ids"] = [i.call_id for i in bench if i.family == "capset"]
    hostile = next(r for r in rows["calls_scored"] if r["call_id"] == "a3-schur-1")
    hostile.update(call_id='<img src=x onerror="alert(1)">', status="REJECT", valid=False, objective=None, ratio=0.0,
                   ratio_exact="0", reason="PROPERTY", message="</td><script>alert(2)</script>",
                   witness={"triple": ["<b>", 1, 2]})
    h = write(tmp, rows, "hostile.json")
    few = [i for i in bench if i.family in ("schur", "lineq")]
    small = scores_doc(_at_reference(few), bench)
    small.update(complete=False, missing_call_ids=[i.call_id for i in bench if i not in few])
    [row] = [r for r in small["calls_scored"] if r["call_id"] == "a3-schur-1"]
    row.update(hostile)
    m = write(tmp, small, "small.json")
    return {"a": a, "b": b, "series": s, "hostile": h, "small": m, "tmp": tmp}


# ---- Table 2 -----------------------------------------------------------------------------------------

def test_table2_rows_of_two_identical_runs_equal_the_summary_and_the_paper(runs, capsys):
    assert cli.main(["report", str(runs["a"]), str(runs["b"]), "--format", "json"]) == 0
    summary = json.loads(capsys.readouterr().out)["summary"]
    assert cli.main(["report", str(runs["a"]), str(runs["b"]), "--table", "table2", "--format", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["columns"] == list(TABLE2_COLUMNS)
    first, second = doc["rows"]
    assert first["run"] == "opus-a" and second["run"] == "opus-b"
    assert {**first, "run": None} == {**second, "run": None}
    for row, s in zip(doc["rows"], summary):
        for key in TABLE2_COLUMNS:
            if key in s:
                assert row[key] == s[key], key
    # the paper's Table 2 values for Claude Opus 5.5 high + tools (docs/SPECIFICATION.md section 6)
    assert round(first["score"], 2) == 180.06
    assert round(first["published_mean"], 3) == 0.985 and round(first["construction_mean"], 2) == 2.43
    assert (first["published_n"], first["construction_n"]) == (30, 39)
    assert first["score_ci_low"] < first["score"] < first["score_ci_high"]
    assert first["gap_closed_n"] == 64 and first["labs_n"] == 5 and first["score_kind"] == "score"


def test_table2_markdown_and_csv(runs, capsys):
    assert cli.main(["report", str(runs["a"]), str(runs["hostile"]), "--table", "table2", "--raw"]) == 0
    md = capsys.readouterr().out
    assert md.startswith("## Table 2") and "| opus-a | 180.06 [" in md and "| hostile | subset " in md
    assert cli.main(["report", str(runs["a"]), str(runs["hostile"]), "--table", "table2", "--format", "csv"]) == 0
    table = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert [r["run"] for r in table] == ["opus-a", "hostile"] and list(table[0]) == list(TABLE2_COLUMNS)
    assert table[1]["score_kind"] == "subset_score" and float(table[0]["valid_fraction"]) > 0.9
    assert cli.main(["report", str(runs["a"]), "--table", "groups"]) == 2   # other tables stay csv-only


def test_csv_directory_gets_table2(runs, tmp_path):
    out = tmp_path / "tables"
    assert cli.main(["report", str(runs["a"]), "--format", "csv", "--output", str(out)]) == 0
    assert (out / "table2.csv").read_text().splitlines()[0] == ",".join(TABLE2_COLUMNS)


# ---- the numbers behind the figures ----------------------------------------------------------------------

def test_size_series_points_sit_at_each_familys_own_size_parameter(runs):
    run = report_series.load(runs["series"], "series")
    panels = {p["family"]: p for p in report_series.size_series([run])}
    series = [i for i in suites.load("size-series") if i.reference is not None]
    expected_param = {"capset": "d", "kissing": "d", "degdiam": "k", "schur": "k", "covering": "v", "lineq": "n"}
    assert set(panels) == {i.family for i in series}
    for inst in series:
        p = panels[inst.family]
        assert p["size_param"] == expected_param[inst.family]
        x = inst.params[p["size_param"]]
        hits = [pt for line in p["lines"] for pt in line["points"] if inst.call_id in pt["call_ids"]]
        assert len(hits) == 1 and hits[0]["x"] == x
        assert hits[0]["objective_samples"] == [float(inst.reference)] and hits[0]["ratio_samples"] == [1.0]
    # lineq is plotted at n (300 ... 32000), never at its first parameter a = 1
    assert sorted(pt["x"] for line in panels["lineq"]["lines"] for pt in line["points"]) == [300, 2000, 8000, 32000]
    # degdiam: one line per degree d, never mixed
    lines = {line["line"]: [pt["x"] for pt in line["points"]] for line in panels["degdiam"]["lines"]}
    assert lines == {"d=3": [4, 6], "d=4": [4, 5]}
    # the reference curve is the published frontier for degdiam, the construction baseline for lineq
    assert {r["reference_type"] for r in panels["degdiam"]["reference"]} == {"published"}
    assert panels["lineq"]["reference"][0]["reference_type"] == "construction"
    assert panels["lineq"]["bound"][0]["points"] == [(300, 300.0), (2000, 2000.0), (8000, 8000.0), (32000, 32000.0)]
    assert panels["capset"]["log_y"] and panels["capset"]["y_label"] == "objective"


def test_shannon_growth_and_trifference_rate(runs):
    bench = suites.load("bench-v1")
    run = report_series.load(runs["hostile"], "h")
    panels = {p["family"]: p for p in report_series.size_series([run])}
    assert "capset" not in panels   # no capset call was answered in this run
    for inst in bench:
        if inst.family not in ("shannon", "trifference"):
            continue
        p = panels[inst.family]
        [pt] = [pt for line in p["lines"] for pt in line["points"] if inst.call_id in pt["call_ids"]]
        if inst.family == "shannon":
            assert pt["x"] == inst.params["d"]
            assert math.isclose(pt["objective_mean"], float(inst.reference) ** (1 / inst.params["d"]), rel_tol=1e-12)
        else:
            assert pt["x"] == inst.params["n"]
            assert math.isclose(pt["objective_mean"], math.log(inst.reference, 3) / inst.params["n"], rel_tol=1e-12)
    assert not panels["shannon"]["log_y"] and panels["trifference"]["y_label"].startswith("ternary rate")
    assert {line["line"] for line in panels["shannon"]["lines"]} == {"q=7", "q=9"}


def test_family_quality_marks_missing_families_and_drops_one_instance_intervals(runs):
    a = report_series.load(runs["a"], "opus")
    h = report_series.load(runs["hostile"], "hostile")
    published, construction = report_series.family_quality([a, h])
    assert published["reference_type"] == "published" and construction["reference_type"] == "construction"
    cells = {(c["family"], c["run"]): c for c in published["cells"] + construction["cells"]}
    capset = cells[("capset", "hostile")]
    assert capset["missing"] and capset["n"] == 0 and capset["mean"] is None and capset["ci"] is None
    opus_capset = cells[("capset", "opus")]
    assert not opus_capset["missing"] and opus_capset["n"] == 3 and opus_capset["ci"][0] <= opus_capset["mean"]
    one = [c for c in cells.values() if c["n"] == 1]
    assert one and all(c["ci"] is None for c in one)
    # the per-family means over both panels reproduce the run's mean over instances
    total = sum(c["mean"] * c["n"] for c in published["cells"] + construction["cells"] if c["run"] == "opus" and c["n"])
    assert math.isclose(total / 69 * 100, a.aggregate["score"], rel_tol=1e-12)


def test_token_points_need_the_runs_own_answers(runs, tmp_path):
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"call_id": "a3-capset-0", "answer": [], "output_tokens": 1200}\n'
                       '{"call_id": "a3-capset-2", "answer": [], "output_tokens": 34}\n'
                       '{"call_id": "a3-capset-11", "answer": []}\n', encoding="utf-8")
    run = report_series.load(runs["a"], "opus", answers)
    assert report_series.token_points([run]) == [{"run": "opus", "output_tokens": 1234,
                                                  "score": run.aggregate["score"], "score_kind": "score"}]
    assert report_series.token_points([report_series.load(runs["a"], "opus")]) == []
    doc = json.loads(runs["a"].read_text())
    doc["answers_sha256"] = "0" * 64
    other = write(tmp_path, doc, "other.json")
    with pytest.raises(ValueError, match="not the answers of the scored run"):
        report_series.load(other, "x", answers)


def test_histogram_counts_are_integers_over_the_scored_calls(runs):
    run = report_series.load(runs["a"], "opus")
    hist = report_series.ratio_histogram([run])
    assert sum(hist["counts"]["opus"]) == 69 and all(type(c) is int for c in hist["counts"]["opus"])
    assert len(hist["edges"]) == len(hist["counts"]["opus"]) + 1 and hist["edges"][0] == 0.0


# ---- figures: reproducible bytes -------------------------------------------------------------------------

def test_two_plot_runs_write_identical_svg_and_pdf_bytes(runs, tmp_path):
    pytest.importorskip("matplotlib")
    args = ["report", str(runs["small"])]
    assert cli.main([*args, "--plot", str(tmp_path / "one")]) == 0
    env = {**os.environ, "PYTHONHASHSEED": "123"}
    proc = subprocess.run([sys.executable, "-m", "endless_exam.checker.cli", *args, "--plot", str(tmp_path / "two")],
                          capture_output=True, text=True, timeout=300, env=env)
    assert proc.returncode == 0, proc.stderr
    one = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert one == sorted(p.name for p in (tmp_path / "two").iterdir())
    assert {n.rsplit(".", 1)[0] for n in one} == {"family_quality", "size_quality", "ratio_histogram"}
    assert len(one) == 9
    for name in one:
        data = (tmp_path / "one" / name).read_bytes()
        assert data == (tmp_path / "two" / name).read_bytes(), name
        if name.endswith(".pdf"):
            assert b"CreationDate" not in data
        if name.endswith(".svg"):
            assert b"<dc:date>" not in data


def test_plot_refuses_a_file_as_directory(runs, tmp_path):
    target = tmp_path / "file"
    target.write_text("x")
    assert cli.main(["report", str(runs["a"]), "--plot", str(target)]) == 2
    assert target.read_text() == "x"


# ---- HTML --------------------------------------------------------------------------------------------------

def test_html_escapes_hostile_text(runs, tmp_path):
    pytest.importorskip("matplotlib")
    page = tmp_path / "r.html"
    assert cli.main(["report", str(runs["small"]), "--html", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert text.count("<script>") == 1 and "alert(2)" in text and "<script>alert(2)" not in text
    assert '<img src=x' not in text and "&lt;img src=x onerror=&quot;alert(1)&quot;&gt;" in text
    assert "&lt;b&gt;" in text
    for fetch in ('src="http', "src='http", 'href="http', "<link", "@import", "url(http", "url(//", "url('",
                  'url("', "<iframe", "<object"):
        assert fetch not in text, fetch   # self-contained: nothing is fetched
    assert "<?xml" not in text and "<!--" not in text


def _chromium():
    return shutil.which("chromium") or (os.path.exists("/usr/bin/chromium") and "/usr/bin/chromium") or None


def _chrome(args: list[str], timeout: float = 180) -> subprocess.CompletedProcess:
    with tempfile.TemporaryDirectory() as profile:
        return subprocess.run([_chromium(), "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                               "--no-first-run", "--disable-background-networking", "--disable-component-update",
                               "--disable-sync", f"--user-data-dir={profile}", *args],
                              capture_output=True, timeout=timeout)


@pytest.mark.skipif(_chromium() is None, reason="chromium is not installed (apt-get install -y chromium; .ci/run "
                                                 "installs it)")
def test_html_renders_in_headless_chromium(runs, tmp_path):
    pytest.importorskip("matplotlib")
    import numpy as np
    from matplotlib import image

    page = tmp_path / "report.html"
    assert cli.main(["report", str(runs["series"]), str(runs["small"]), "--html", str(page)]) == 0
    url = page.resolve().as_uri()
    dom = _chrome(["--dump-dom", url]).stdout.decode("utf-8")
    assert "<h1>Endless Exam report</h1>" in dom
    for name in ("series", "small"):
        assert f'<span class="run">{name}</span>' in dom
    body = dom.split('<table class="sortable calls">', 1)[1].split("</table>", 1)[0]
    assert body.count("<tr") == 1 + 20 + 69   # header + the calls of both runs (the missing ones too)
    assert "a3-capset-11" in body and "s1-lineq-3" in body and "&lt;img src=x" in body
    assert "&lt;/td&gt;&lt;script&gt;alert(2)" in body and "witness: <code>" in body
    assert dom.count("<script>") == 1 and "<img" not in dom.replace("&lt;img", "")
    figures = dom.count("<figure ")
    assert figures == 3 and dom.count("<svg ") == figures   # every figure has its picture
    assert dom.count("<table class=\"sortable table2\">") == 1

    shot = tmp_path / "shot.png"
    proc = _chrome([f"--screenshot={shot}", "--window-size=1280,2400", "--hide-scrollbars", url])
    assert shot.exists(), proc.stderr.decode(errors="replace")[-2000:]
    pixels = image.imread(shot)
    assert pixels.shape[:2] == (2400, 1280)
    gray = pixels[..., :3].mean(axis=2)
    assert (gray < 0.5).mean() > 0.005   # text and figures are drawn, not a blank page
    assert np.unique((pixels[..., :3] * 255).astype(int).reshape(-1, 3), axis=0).shape[0] > 50   # colours: figures


def test_view_options_are_checked_before_anything_is_drawn(runs, tmp_path, capsys):
    a = str(runs["a"])
    assert cli.main(["report", a, "--html", "-"]) == 2
    assert "--html writes a file" in capsys.readouterr().err
    assert cli.main(["report", a, str(runs["b"]), "--answers", a, "--plot", str(tmp_path / "f")]) == 2
    assert "one answers file per scores file" in capsys.readouterr().err
    assert not (tmp_path / "f").exists()
