"""``report``'s per-call table, ``--diff`` and ``--plot`` (checker.reporting.calls), and a closed pipe."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from fractions import Fraction

import pytest

from endless_exam.checker import cli
from endless_exam.checker.suites import instances as suites
from endless_exam.checker.scoring.aggregate import InstanceOutcome
from endless_exam.checker.reporting.calls import call_rows, diff_rows
from tests.reporting.test_report import scores_doc, write


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

    from endless_exam.checker.reporting.report import GROUP_COLUMNS, SUMMARY_COLUMNS
    from endless_exam.checker.reporting.calls import CALL_COLUMNS, DIFF_COLUMNS

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


# ---- outputs that would destroy an input (issue 16, item 5) -------------------------------------------

def _copy(src, dst):
    dst.write_bytes(src.read_bytes())
    return dst


@pytest.mark.parametrize("argv", [
    ["report", "{a}", "--output", "{a}"],
    ["report", "{a}", "--output", "{link}"],
    ["report", "{a}", "--format", "json", "--output", "{a}"],
    ["report", "--diff", "{b}", "{a}", "--output", "{a}"],
    ["report", "{a}", "--output", "{fifo}"],
    ["report", "{a}", "--plot", "{a}"],
])
def test_report_refuses_to_overwrite_its_inputs_or_write_into_a_fifo(runs, tmp_path, capsys, argv):
    """Reproduction: ``report run.json --output run.json`` (also through a symlink, with --format json, or
    --diff A B --output A) replaced the scores file; a FIFO output blocked forever."""
    a = _copy(runs[0], tmp_path / "a.json")
    b = _copy(runs[1], tmp_path / "b.json")
    (tmp_path / "link.json").symlink_to(a)
    os.mkfifo(tmp_path / "fifo")
    before = a.read_bytes()
    names = {"a": a, "b": b, "link": tmp_path / "link.json", "fifo": tmp_path / "fifo"}
    code = cli.main([part.format(**names) for part in argv])
    err = capsys.readouterr().err
    assert code == 2 and ("refusing" in err or "not a directory" in err), err
    assert a.read_bytes() == before and (tmp_path / "fifo").is_fifo()


def test_report_replaces_planted_symlinks_and_refuses_inputs_before_any_work(runs, tmp_path, capsys, monkeypatch):
    """Reproduction: ``--format csv --output D`` wrote through a symlink ``D/summary.csv``, and ``--plot DIR``
    wrote PNG bytes through a symlink into the answers file. Symlinks are now replaced, not followed; one
    that names an input is refused before anything is read."""
    from endless_exam.checker.reporting import report as report_mod

    a = _copy(runs[0], tmp_path / "a.json")
    victim = tmp_path / "answers.jsonl"
    victim.write_text('{"call_id": "x"}\n')
    tables, figs = tmp_path / "D", tmp_path / "figs"
    tables.mkdir()
    figs.mkdir()
    (tables / "summary.csv").symlink_to(victim)
    (figs / "family_quality.png").symlink_to(victim)
    assert cli.main(["report", str(a), "--format", "csv", "--output", str(tables)]) == 0
    assert cli.main(["report", str(a), "--plot", str(figs), "--output", str(tmp_path / "r.md")]) == 0
    assert victim.read_text() == '{"call_id": "x"}\n'
    assert not (tables / "summary.csv").is_symlink() and (tables / "summary.csv").read_text().startswith("run,")
    assert not (figs / "family_quality.png").is_symlink()
    (figs / "ratio_histogram.svg").unlink()
    (figs / "ratio_histogram.svg").symlink_to(a)                  # a figure that is the scores file itself
    monkeypatch.setattr(report_mod, "load_run", lambda *x, **k: pytest.fail("work started before the refusal"))
    capsys.readouterr()
    assert cli.main(["report", str(a), "--plot", str(figs), "--output", str(tmp_path / "r2.md")]) == 2
    assert "input file" in capsys.readouterr().err and not (tmp_path / "r2.md").exists()


def test_a_call_id_with_a_newline_stays_in_its_table_row(runs, tmp_path, capsys):
    """Reproduction (issue 16, item 9): a call id with a newline (a hand-made or damaged scores file) broke
    the markdown per-call table and the --diff table."""
    doc = json.loads(runs[0].read_text())
    doc["calls_scored"][0]["call_id"] = "evil\ncall|id\r\u2028x"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(doc))
    for argv in (["report", str(bad), "--raw"], ["report", "--diff", str(runs[0]), str(bad)]):
        capsys.readouterr()
        assert cli.main(argv) == 0
        lines = capsys.readouterr().out.splitlines()
        [n] = [k for k, line in enumerate(lines) if "evil" in line]
        assert "evil call\\|id" in lines[n] and lines[n].startswith("| ") and lines[n - 1].startswith("|")
        assert lines[n].replace("\\|", "").count("|") == lines[n - 1].replace("\\|", "").count("|")
