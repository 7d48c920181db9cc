"""``report``'s per-call table, ``--diff`` and ``--plot`` (checker.report_calls), and a closed pipe."""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from endless_exam.checker import cli, suites
from endless_exam.checker.aggregate import InstanceOutcome
from endless_exam.checker.report_calls import call_rows, diff_rows
from tests.test_report import scores_doc, write


def _outcomes(insts, r_of):
    out = []
    for i in insts:
        r = Fraction(r_of(i))
        out.append(InstanceOutcome(i.call_id, i.instance_id, i.family, i.family_group, i.reference_type, i.sense,
                                   i.reference, i.bound, i.bound_kind, "ACCEPT" if r > 0 else "REJECT", r > 0,
                                   None, r))
    return out


@pytest.fixture(scope="module")
def runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("runs")
    bench = suites.load("bench-v1")
    a = write(tmp, scores_doc(_outcomes(bench, lambda i: Fraction(1, 2)), bench), "a.json")
    b = write(tmp, scores_doc(_outcomes(bench, lambda i: 0 if i.family == "capset" else Fraction(1, 2)), bench),
              "b.json")
    series = [i for i in suites.load("size-series") if i.reference is not None]
    doc = scores_doc(_outcomes(series, lambda i: Fraction(3, 4)), series)
    doc.update(suite="size-series", expected_instances=len({i.instance_id for i in series}), expected_calls=len(series))
    s = write(tmp, doc, "series.json")
    return a, b, s


def test_call_rows_and_diff(runs):
    a, b, _ = runs
    rows_a, rows_b = call_rows(a), call_rows(b)
    assert len(rows_a) == 69 and rows_a[0]["ratio_exact"] == "1/2"
    changes = diff_rows(rows_a, rows_b)
    assert {c["call_id"] for c in changes} == {i.call_id for i in suites.load("bench-v1") if i.family == "capset"}
    assert all(c["a_status"] == "ACCEPT" and c["b_status"] == "REJECT" for c in changes)
    assert diff_rows(rows_a, rows_a) == []


def test_report_md_has_the_per_call_table_side_by_side(runs, capsys):
    a, b, _ = runs
    assert cli.main(["report", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "## Calls" in out and "| a: verdict |" in out and "| b: verdict |" in out
    line = next(x for x in out.splitlines() if x.startswith("| a3-capset-0 |"))
    assert "ACCEPT" in line and "REJECT" in line and "0.5000" in line
    assert cli.main(["report", "--diff", str(a), str(b)]) == 0
    out = capsys.readouterr().out
    assert "3 call(s) changed" in out and "a3-capset-0" in out and "a3-labs-0" not in out
    assert cli.main(["report", "--diff", str(a)]) == 2


def test_report_output_file_and_stdout(runs, tmp_path, capsys):
    a, _, _ = runs
    target = tmp_path / "r.md"
    assert cli.main(["report", str(a), "--output", str(target)]) == 0
    assert "## Calls" in target.read_text() and capsys.readouterr().out == ""
    assert cli.main(["report", str(a), "--output", "-", "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["runs"]
    assert cli.main(["report", str(a), "--output", str(tmp_path)]) == 2


def test_plot_without_matplotlib_says_how_to_get_it(runs, tmp_path, monkeypatch, capsys):
    """matplotlib is the optional extra ``plot``: without it ``report --plot`` is a usage error (exit 2) that
    names the extra, and writes nothing."""
    a, _b, _s = runs
    monkeypatch.setitem(sys.modules, "matplotlib", None)      # import matplotlib now raises ImportError
    assert cli.main(["report", str(a), "--plot", str(tmp_path / "figs")]) == 2
    err = capsys.readouterr().err
    assert "matplotlib" in err and "pip install 'endless-exam-checker[plot]'" in err
    assert not (tmp_path / "figs").exists()


def test_every_figure_is_written_and_not_blank(runs, tmp_path):
    mpimg = pytest.importorskip("matplotlib.image", reason="matplotlib is the optional extra 'plot'")

    a, b, s = runs
    assert cli.main(["report", str(a), str(b), "--plot", str(tmp_path / "figs")]) == 0
    assert cli.main(["report", str(s), "--plot", str(tmp_path / "series")]) == 0
    expected = {"family_quality", "ratio_histogram"}
    for directory, stems in ((tmp_path / "figs", expected), (tmp_path / "series", expected | {"size_quality"})):
        for stem in stems:
            png, svg, pdf = (directory / f"{stem}.{ext}" for ext in ("png", "svg", "pdf"))
            assert png.stat().st_size > 2000 and svg.stat().st_size > 2000 and pdf.stat().st_size > 2000, stem
            image = mpimg.imread(png)
            assert image.std() > 0.01, f"{stem}.png is blank"
            assert "<svg" in svg.read_text()[:500]


def test_a_closed_pipe_ends_quietly(runs):
    a, b, _ = runs
    proc = subprocess.run(f"{sys.executable} -m endless_exam.checker.cli report {a} {b} | head -2", shell=True,
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and proc.stderr == "" and len(proc.stdout.splitlines()) == 2
    proc = subprocess.run(["bash", "-o", "pipefail", "-c",
                           f"{sys.executable} -m endless_exam.checker.cli report {a} {b} | head -1"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0 and "Broken pipe" not in proc.stderr


def test_csv_is_one_table_per_file(runs, tmp_path, capsys):
    import csv
    import io

    from endless_exam.checker.report import GROUP_COLUMNS, SUMMARY_COLUMNS
    from endless_exam.checker.report_calls import CALL_COLUMNS, DIFF_COLUMNS

    a, b, _ = runs
    out = tmp_path / "tables"
    assert cli.main(["report", str(a), str(b), "--format", "csv", "--output", str(out)]) == 0
    assert "wrote 4 tables" in capsys.readouterr().err
    read = lambda path: list(csv.reader(io.StringIO(path.read_text())))   # noqa: E731
    summary, groups, calls = (read(out / f"{t}.csv") for t in ("summary", "groups", "calls"))
    assert tuple(summary[0]) == SUMMARY_COLUMNS and len(summary) == 3
    assert tuple(groups[0]) == GROUP_COLUMNS and [] not in groups
    assert tuple(calls[0]) == CALL_COLUMNS and len(calls) == 1 + 2 * 69
    row = dict(zip(calls[0], next(r for r in calls if r[0] == "b" and r[1] == "a3-capset-0")))
    assert row["status"] == "REJECT" and row["ratio_exact"] == "0"
    # one table on standard output or into one file
    assert cli.main(["report", str(a), "--format", "csv", "--table", "calls"]) == 0
    assert tuple(next(csv.reader(io.StringIO(capsys.readouterr().out)))) == CALL_COLUMNS
    assert cli.main(["report", str(a), "--format", "csv", "--table", "groups", "--output", str(tmp_path / "g.csv")]) == 0
    only_a = read(tmp_path / "g.csv")
    assert only_a == [r for r in groups if r[0] in ("run", "a")]
    assert cli.main(["report", "--diff", str(a), str(b), "--format", "csv"]) == 0
    diff = list(csv.DictReader(io.StringIO(capsys.readouterr().out)))
    assert tuple(diff[0]) == DIFF_COLUMNS and len(diff) == 3 and {d["b_status"] for d in diff} == {"REJECT"}
    capsys.readouterr()
    # refused: several tables to one stream, a file where a directory is meant, a table outside csv
    assert cli.main(["report", str(a), "--format", "csv"]) == 2
    assert "one table per file" in capsys.readouterr().err
    assert cli.main(["report", str(a), "--format", "csv", "--output", str(tmp_path / "g.csv")]) == 2
    assert "not a directory" in capsys.readouterr().err
    assert cli.main(["report", str(a), "--table", "summary"]) == 2
    assert cli.main(["report", str(a), "--format", "csv", "--table", "diff"]) == 2
    assert cli.main(["report", "--diff", str(a), str(b), "--format", "csv", "--table", "calls"]) == 2


def test_markdown_is_rendered_on_a_terminal_and_raw_when_piped(runs):
    import os
    import pty

    a, _, _ = runs
    command = [sys.executable, "-m", "endless_exam.checker.cli", "report", str(a)]

    def on_a_terminal(extra):
        leader, follower = pty.openpty()
        env = {**os.environ, "COLUMNS": "200", "TERM": "xterm"}
        proc = subprocess.Popen(command + extra, stdout=follower, stderr=subprocess.DEVNULL, env=env)
        os.close(follower)
        chunks = []
        while True:
            try:
                data = os.read(leader, 65536)
            except OSError:          # EIO: the child closed the terminal
                break
            if not data:
                break
            chunks.append(data)
        os.close(leader)
        assert proc.wait(timeout=120) == 0
        return b"".join(chunks).decode("utf-8", "replace")

    rendered = on_a_terminal([])
    assert "a3-capset-0" in rendered and "|---|" not in rendered and "\u2500" in rendered   # box rule, no pipes
    raw = on_a_terminal(["--raw"])
    assert "|---|" in raw.replace("\r", "")
    piped = subprocess.run(command, capture_output=True, text=True, timeout=120)
    assert piped.returncode == 0 and "|---|" in piped.stdout and "\x1b[" not in piped.stdout
