"""Issue 29, cases 1 and 8: one rule for every path a command touches (checker/commands/paths.py), as a table.

Every command with outputs x every pair of its paths (an input and an output, or two outputs) x every way of
naming one file twice (the same name, ``..``, a symlink, a hard link): the command exits 2 before any work,
and the input keeps its bytes. On the old main, ``report --answers A --output A``, ``score --suite S --output
S``, ``export --suite S --output S`` and ``instance --output W --suite-out W`` wrote over the input, exit 0.
"""
from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from endless_exam.checker import cli
from endless_exam.checker.commands import paths

ROOT = Path(__file__).resolve().parents[2]
SUITE = ROOT / "fixtures" / "suites" / "kakeya.json"
KEEP = b'{"keep": "these bytes"}\n'

#: command -> (argv template, {role: kind}); roles are file names in the work directory; kind "in" or "out".
#: A suite input must be a real suite (``--suite`` loads it while the command line is parsed).
COMMANDS = {
    "score": (["score", "{answers}", "--suite", "{suite}", "--output", "{output}", "--allow-partial"],
              {"answers": "in", "suite": "in", "output": "out", "output.progress.jsonl": "out",
               "output.lock": "out"}),
    "export": (["export", "--suite", "{suite}", "--output", "{output}"], {"suite": "in", "output": "out"}),
    "report": (["report", "{scores}", "--answers", "{answers}", "--output", "{output}", "--html", "{html}"],
               {"scores": "in", "answers": "in", "output": "out", "html": "out"}),
    "certify": (["certify", "{answer}", "--family", "capset", "--params", '{{"d": 4}}', "--output", "{output}",
                 "--markdown", "{markdown}", "--no-formal"],
                {"answer": "in", "output": "out", "markdown": "out"}),
    "instance": (["instance", "capset", "--params", '{{"d": 4}}', "--baseline", "--output", "{output}",
                  "--suite-out", "{suite_out}"],
                 {"output": "out", "index.json": "out", "suite_out": "out"}),
}


DERIVED = {"output.progress.jsonl": ".progress.jsonl", "output.lock": ".lock", "index.json": None}


def _cases():
    for command, (_argv, roles) in COMMANDS.items():
        direct = [r for r in roles if r not in DERIVED]
        for a in direct:
            for b in roles:
                if a == b or roles[b] != "out" or (b in direct and roles[a] == "out" and a > b):
                    continue       # b is written over; a is an input, or another output (each pair once)
                for how in ("same", "dotdot", "symlink", "hardlink"):
                    if how in ("same", "dotdot") and a == "output" and b in DERIVED:
                        continue   # a derived name cannot spell its own base
                    yield pytest.param(command, a, b, how, id=f"{command}-{a}-over-{b}-{how}")


def _argv(command: str, tmp_path: Path, a: str, b: str, how: str) -> tuple[list[str], Path]:
    """The command line where role ``b`` (an output) names the file of role ``a``; returns it and that file."""
    template, roles = COMMANDS[command]
    values = {role: str(tmp_path / ("out.json" if role == "output" else f"{role}.json"))
              for role in roles if role not in DERIVED}
    for role, kind in roles.items():
        if kind == "in":
            if role == "suite":
                shutil.copy(SUITE, values[role])
            else:
                Path(values[role]).write_bytes(KEEP)
    (tmp_path / "sub").mkdir()
    if b in DERIVED:
        base = tmp_path / "wit" / "w.json" if b == "index.json" else tmp_path / "alias.json"
        base.parent.mkdir(exist_ok=True)
        target = base.parent / "index.json" if b == "index.json" else Path(str(base) + DERIVED[b])
        values["output"] = str(base)
        if a == "output":
            base.write_bytes(KEEP)
        victim = Path(values[a])
        if not victim.exists():
            victim.write_bytes(KEEP)
        if how in ("same", "dotdot"):
            os.replace(victim, target)
            victim = target
            (target.parent / "sub").mkdir(exist_ok=True)
            values[a] = str(target) if how == "same" else str(target.parent / "sub" / ".." / target.name)
        elif how == "symlink":
            os.symlink(victim, target)
        else:
            os.link(victim, target)
    else:
        victim = Path(values[a])
        if not victim.exists():
            victim.write_bytes(KEEP)
        alias = tmp_path / f"alias-{b}.json"
        if how == "same":
            values[b] = values[a]
        elif how == "dotdot":
            values[b] = str(tmp_path / "sub" / ".." / victim.name)
        elif how == "symlink":
            os.symlink(victim, alias)
            values[b] = str(alias)
        else:
            os.link(victim, alias)
            values[b] = str(alias)
    return [part.format(**values) for part in template], victim


@pytest.mark.parametrize("command, a, b, how", list(_cases()))
def test_no_command_writes_over_a_path_it_reads_or_writes(command, a, b, how, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv, victim = _argv(command, tmp_path, a, b, how)
    before = victim.read_bytes()
    inode = victim.stat().st_ino
    code = cli.main(argv)
    err = capsys.readouterr().err
    assert code == 2, (argv, err)
    assert "refusing" in err or "same file" in err or "has 2 names" in err, err
    assert victim.read_bytes() == before and victim.stat().st_ino == inode


def test_the_table_covers_every_command_with_outputs():
    """The table names every command that writes a file, and the classifier agrees on their outputs."""
    parser = cli.build_parser()
    argv = {"score": ["score", "a.jsonl", "--output", "o.json"], "export": ["export", "--output", "o.json"],
            "report": ["report", "s.json", "--output", "o.md"],
            "certify": ["certify", "a.json", "--output", "o.json"],
            "instance": ["instance", "capset", "--params", "{}", "--baseline", "--output", "w.json"]}
    for command, line in argv.items():
        inputs, outs = paths.classify(parser.parse_args(line))
        assert outs, command
        assert command in COMMANDS
    for command in ("verify", "audit", "instances", "prompt"):
        line = {"verify": ["verify", "a.json"], "audit": ["audit"], "instances": ["instances"],
                "prompt": ["prompt", "x"]}[command]
        assert paths.classify(parser.parse_args(line))[1] == []     # they write nothing


def test_a_hard_link_planted_at_the_lock_is_never_truncated(tmp_path):
    """Case 1 (last part): a hard link at OUT.lock had its target truncated to a pid."""
    from endless_exam.checker.scoring import runlock

    precious = tmp_path / "precious.txt"
    precious.write_bytes(KEEP)
    os.link(precious, tmp_path / "out.json.lock")
    with pytest.raises(runlock.LockedError, match="2 names"):
        with runlock.hold(str(tmp_path / "out.json")):
            pass
    assert precious.read_bytes() == KEEP


def test_report_csv_directory_holding_the_answers_file_is_refused(tmp_path, capsys):
    """Case 1: ``report --format csv --output DIR`` where DIR/calls.csv is the answers file."""
    out = tmp_path / "tables"
    out.mkdir()
    answers = out / "calls.csv"
    answers.write_bytes(KEEP)
    scores = tmp_path / "s.json"
    scores.write_bytes(KEEP)
    assert cli.main(["report", str(scores), "--answers", str(answers), "--format", "csv", "--output", str(out)]) == 2
    assert "answers file" in capsys.readouterr().err
    assert answers.read_bytes() == KEEP


def test_a_variant_the_red_team_did_not_try_plot_figure_over_the_scores_file(tmp_path, capsys):
    """Variant: a figure of ``--plot DIR`` that is (a hard link to) the scores file."""
    pytest.importorskip("matplotlib")
    from endless_exam.checker.reporting.plots import FIGURES, FORMATS

    scores = tmp_path / "s.json"
    scores.write_bytes(KEEP)
    figures = tmp_path / "figs"
    figures.mkdir()
    os.link(scores, figures / f"{FIGURES[0] if isinstance(FIGURES, (list, tuple)) else next(iter(FIGURES))}.{FORMATS[0]}")
    assert cli.main(["report", str(scores), "--plot", str(figures)]) == 2
    assert "scores file" in capsys.readouterr().err
    assert scores.read_bytes() == KEEP


@pytest.mark.parametrize("what", ["fifo", "device"])
def test_a_document_input_that_is_not_a_regular_file_is_refused_unread(tmp_path, capsys, what):
    """Cases 8: a FIFO index.json (it hung ``instance``), /dev/zero as a dossier (read until MemoryError)."""
    if what == "fifo":
        dossier = tmp_path / "d.json"
        os.mkfifo(dossier)
    else:
        dossier = Path("/dev/zero")
    answer = tmp_path / "a.json"
    answer.write_text("[]")
    assert cli.main(["certify", str(answer), "--check", str(dossier)]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_fifo_index_beside_the_witness_is_refused_before_the_baseline(tmp_path, capsys):
    os.mkfifo(tmp_path / "index.json")
    assert cli.main(["instance", "capset", "--params", '{"d": 4}', "--baseline",
                     "--output", str(tmp_path / "w.json")]) == 2
    assert "not a regular file" in capsys.readouterr().err


def test_a_malformed_suite_out_is_a_usage_error_before_the_baseline(tmp_path, capsys):
    bad = tmp_path / "s.json"
    bad.write_text('{"instances": [1, 2]}')
    assert cli.main(["instance", "capset", "--params", '{"d": 4}', "--baseline", "--suite-out", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "instance 0 is not an object" in err and "internal error" not in err
