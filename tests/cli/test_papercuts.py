"""The papercuts of a new user (issue 30, items 1, 2 and 4-8; the figures of item 3 are
tests/reporting/test_figures_layout.py): walkthroughs that work as written, every call in every table,
``--answers`` that cannot swallow the scores file, ``--plot -`` refused, a trailing comma as a JSON syntax
error, sizes stated exactly, unknown answers-line fields ignored with one warning, ``audit --suite`` limited
to the suite, messages in the user's terms, exit codes that tell a usage error (2) from an undecided answer
(4), "did you mean" wherever a name is typed, per-call rows in ``report --format json`` and examples in
every subcommand's help."""
from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from endless_exam.certificates.errors import AnswerError
from endless_exam.certificates.extract import answer_from_bytes
from endless_exam.certificates.strictjson import MAX_BYTES, decode_bytes
from endless_exam.certificates.verdict import Status
from endless_exam.checker import cli
from endless_exam.checker.commands import common
from endless_exam.checker.verify import harness

ROOT = Path(__file__).resolve().parents[2]
CAP_LINE = {"call_id": "a3-capset-11", "answer": ["000000000"]}      # one point of AG(9,3): valid, tiny


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _jsonl(path: Path, *records: dict) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


# ---- item 1: walkthroughs ------------------------------------------------------------------------------

def test_plot_without_the_plot_extra_is_a_clear_usage_error(capsys, tmp_path, monkeypatch):
    answers = _jsonl(tmp_path / "a.jsonl", CAP_LINE)
    assert run(capsys, "score", str(answers), "--output", str(tmp_path / "run.json"), "--allow-partial")[0] == 0
    monkeypatch.setitem(sys.modules, "matplotlib", None)          # as if the plot extra were not installed
    code, out, err = run(capsys, "report", str(tmp_path / "run.json"), "--plot", str(tmp_path / "figures"))
    assert code == 2 and "optional extra 'plot'" in err and "Traceback" not in err
    assert not (tmp_path / "figures").exists()


def test_the_readme_does_not_plot_before_it_says_which_install_draws_figures():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    first_command_with_plot = readme.index("$ .venv/bin/endless-exam report run.json --html report.html --plot")
    before = readme[:first_command_with_plot]
    assert "'.[test,ray,plot,run]'" in before and "assume the second install" in before
    assert "need the extra `plot`" in before


def test_the_own_size_series_loop_ends_with_the_witnesses_holding(capsys, tmp_path, monkeypatch):
    """README: ``instance capset --params {"d": D} --baseline --output w/capset-dD.json --suite-out mine.json``
    for D = 7, 9, 11, then ``audit --witnesses w --suite mine.json``: those dimensions have published
    references the product baseline does not reach, so the witness and the suite row state the baseline's
    reference (the published one is named in the note)."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "w").mkdir()
    for d in (7, 9, 11):
        code, out, err = run(capsys, "instance", "capset", "--params", json.dumps({"d": d}), "--baseline",
                             "--output", f"w/capset-d{d}.json", "--suite-out", "mine.json")
        assert code == 0, err
        assert "the published reference is" in out
    rows = json.loads((tmp_path / "mine.json").read_text())["instances"]
    assert [r["reference_type"] for r in rows] == ["construction"] * 3
    assert all("the published reference is" in r["note"] for r in rows)
    code, out, err = run(capsys, "audit", "--witnesses", "w", "--suite", "mine.json")
    assert code == 0 and "3 of 3 witnesses hold" in out, out + err
    # against the bundled suites the published references stand: the witnesses do not reach them, and the
    # exact ratio is printed whole (504/541 was cut to 504/54)
    code, out, _ = run(capsys, "audit", "--witnesses", "w")
    assert code == 1 and " 504/541 " in out


# ---- item 2: every call in every table; where the answer lines went --------------------------------------

@pytest.fixture(scope="module")
def series_run(tmp_path_factory):
    """A size-series run of one referenced call (two samples) and one call without a reference."""
    tmp = tmp_path_factory.mktemp("series")
    answers = _jsonl(tmp / "a.jsonl",
                     {"call_id": "s1-capset-0", "answer": ["000000"]},
                     {"call_id": "s1-capset-0", "sample": 1, "answer": ["000000", "000001"]},
                     {"call_id": "s1-capset-3", "answer": ["000000000000"]})
    out = tmp / "run.json"
    code = cli.main(["score", str(answers), "--suite", "size-series", "--output", str(out), "--allow-partial"])
    assert code == 0
    return out


def test_score_says_where_the_answer_lines_went(capsys, tmp_path):
    answers = _jsonl(tmp_path / "a.jsonl", {"call_id": "s1-capset-0", "answer": ["000000"]},
                     {"call_id": "s1-capset-3", "answer": ["000000000000"]},
                     {"call_id": "s1-capset-1", "answer": ["00000000"]})
    code, out, err = run(capsys, "score", str(answers), "--suite", "size-series", "--output",
                         str(tmp_path / "s.json"), "--only", "s1-capset-0", "s1-capset-3")
    assert code == 0, err
    assert ("3 answer lines: 1 to score (1 call); 1 of 1 call without a reference, verified but not scored" in err
            and "1 of calls outside --only" in err), err
    assert "verified without a reference 1 line" in out
    assert "has no answer" not in err          # s1-capset-3 was answered: verified, not scored


@pytest.mark.parametrize("fmt", ["md", "csv", "json", "html"])
def test_a_call_without_a_reference_is_in_every_table(capsys, tmp_path, series_run, fmt):
    if fmt == "html":
        pytest.importorskip("matplotlib")
        page = tmp_path / "r.html"
        assert run(capsys, "report", str(series_run), "--html", str(page))[0] == 0
        text = page.read_text()
        assert "s1-capset-3" in text and "no reference" in text
        return
    argv = ["report", str(series_run), "--format", fmt] + (["--table", "calls"] if fmt == "csv" else [])
    code, out, err = run(capsys, *argv)
    assert code == 0, err
    if fmt == "json":
        calls = {(c["call_id"], c["sample"]): c for c in json.loads(out)["calls"]}
        assert calls[("s1-capset-3", 0)]["objective"] == "1" and calls[("s1-capset-3", 0)]["note"] == "no reference"
        assert calls[("s1-capset-0", 1)]["ratio_exact"] == "1/56"          # 2 of 112
        return
    line = next(x for x in out.splitlines() if "s1-capset-3" in x)
    assert "no reference" in line and "ACCEPT" in line and re.search(r"\b1\b", line), line


# ---- item 4: --answers and --plot -------------------------------------------------------------------------

def test_answers_takes_one_file_and_leaves_the_scores_positional(capsys, series_run, tmp_path):
    code, out, err = run(capsys, "report", "--answers", "a.jsonl", str(series_run), "--format", "json")
    assert code == 0 and "required" not in err, err
    assert json.loads(out)["calls"]
    parser = cli.build_parser()
    args, extra = parser.parse_known_args(["report", "r1.json", "r2.json", "--answers", "a1", "a2"])
    cli._more_answers(parser, args, extra)              # the old form at the end still works
    assert (args.scores, args.answers) == (["r1.json", "r2.json"], ["a1", "a2"])
    code, _, err = run(capsys, "report", "--answers", "a1", "a2", str(series_run))    # ambiguous: refused
    assert code == 2 and "answers" in err


def test_plot_to_standard_output_is_a_usage_error(capsys, series_run, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(capsys, "report", str(series_run), "--plot", "-")
    assert code == 2 and "not - (standard output)" in err
    assert not (tmp_path / "-").exists()


# ---- item 5: a trailing comma, exact sizes ------------------------------------------------------------------

@pytest.mark.parametrize("text, line, column", [
    ('["0000", "0001",]', 1, 16),
    ('[\n  "0000",\n  "0001",\n]\n', 3, 9),
    ('{"answer": ["0000",]}', 1, 20),          # an object: where the parser stops, at the ']'

])
def test_a_trailing_comma_is_a_json_syntax_error_with_its_position(text, line, column):
    with pytest.raises(AnswerError) as info:
        answer_from_bytes(text.encode())
    assert info.value.reason == "JSON_SYNTAX", info.value.message
    assert f"line {line} column {column}" in info.value.message, info.value.message


@pytest.mark.parametrize("text", ['["000", "111"', "[000, 111]", '["000", "111"]]', "I found [a, b,] no answer"])
def test_other_unparsable_bare_lists_stay_no_answer(text):
    with pytest.raises(AnswerError) as info:
        answer_from_bytes(text.encode())
    assert info.value.reason == "NO_ANSWER"


def test_a_comma_inside_a_string_is_not_a_trailing_comma():
    assert answer_from_bytes(b'["a,]", "b"]') == ["a,]", "b"]


def test_verify_prints_the_trailing_comma_position(capsys, tmp_path):
    path = tmp_path / "cap.json"
    path.write_text('["0000", "0001",]')
    code, out, _ = run(capsys, "verify", "--family", "capset", "--params", '{"d": 4}', str(path), "--json")
    data = json.loads(out)
    assert code == 1 and data["reason"] == "JSON_SYNTAX" and "line 1 column 16" in data["message"]


def test_an_answer_cut_at_the_readers_limit_is_not_given_a_made_up_size():
    with pytest.raises(AnswerError) as info:
        decode_bytes(b" " * (MAX_BYTES + 1))        # what read_answer returns for a 39 MB file
    assert info.value.reason == "SIZE_LIMIT"
    assert "more than 32 MiB" in info.value.message and f"{MAX_BYTES + 1:,}" not in info.value.message
    with pytest.raises(AnswerError) as info:
        decode_bytes(b" " * (MAX_BYTES + 10))       # a caller that read it all: the exact size
    assert f"({MAX_BYTES + 10:,} bytes)" in info.value.message


# ---- item 6: unknown answers-line fields ----------------------------------------------------------------

def test_an_unknown_field_is_one_warning_and_the_lines_are_scored(capsys, tmp_path):
    answers = _jsonl(tmp_path / "a.jsonl", {**CAP_LINE, "model": "m-1", "temperature": 0.2},
                     {"call_id": "a3-schur-1", "answer": [[1, 4]], "model": "m-1"})
    code, out, err = run(capsys, "score", str(answers), "--output", str(tmp_path / "s.json"), "--allow-partial")
    assert code == 0, err
    warnings = [x for x in err.splitlines() if "not part of the format" in x]
    assert len(warnings) == 1, err
    assert "'model' (2 lines, first line 1)" in warnings[0] and "'temperature' (1 line, first line 1)" in warnings[0]
    doc = json.loads((tmp_path / "s.json").read_text())
    assert {r["call_id"] for r in doc["calls_scored"]} == {"a3-capset-11", "a3-schur-1"}


@pytest.mark.parametrize("field, near", [("Answer", "answer"), ("finishReason", "finish_reason"),
                                         ("answers", "answer")])
def test_a_misspelt_field_is_still_an_error(capsys, tmp_path, field, near):
    answers = _jsonl(tmp_path / "a.jsonl", {"call_id": "a3-capset-11", "answer": ["000000000"], field: 1})
    code, _, err = run(capsys, "score", str(answers), "--output", str(tmp_path / "s.json"), "--allow-partial")
    assert code == 2 and f"did you mean {near!r}" in err, err


def test_the_answer_itself_stays_strict(capsys, tmp_path):
    (tmp_path / "a.jsonl").write_text('{"call_id": "a3-capset-11", "answer": ["000000000",], "model": "m"}\n')
    code, _, err = run(capsys, "score", str(tmp_path / "a.jsonl"), "--output", str(tmp_path / "s.json"),
                       "--allow-partial")
    doc = json.loads((tmp_path / "s.json").read_text())
    [row] = doc["calls_scored"]
    assert row["status"] == "REJECT" and row["reason"] == "JSON_SYNTAX"


# ---- item 7: audit --suite ------------------------------------------------------------------------------------

def test_audit_suite_verifies_and_lists_only_the_suites_constructions(capsys, monkeypatch):
    from endless_exam.checker.suites import instances as suites

    seen = []
    real = harness.verify

    def counting(family, params, payload, kind="file", **kw):
        seen.append(family)
        return real(family, params, payload, kind, **kw)

    monkeypatch.setattr(harness, "verify", counting)
    code, out, err = run(capsys, "audit", "--suite", "a1", "--family", "capset", "--json")
    rows = json.loads(out)["rows"]
    a1 = {i.call_id for i in suites.load("a1")}
    assert rows and all(r["call_id"] in a1 for r in rows), [r["call_id"] for r in rows]
    assert len(seen) == len({r["construction"] for r in rows}) == 2      # a1 has two capset constructions


# ---- item 8: messages, exit codes, did you mean, json rows, help examples -------------------------------------

def test_a_time_limit_is_told_in_user_terms(monkeypatch):
    worker = harness.Worker("tests.helpers.sleepy_worker", (str(ROOT),))
    monkeypatch.setattr(harness, "PRIMARY", worker.module)
    try:
        _, failure, _ = harness.run_worker(worker, {"op": "check", "family": "capset", "params": {"d": 3},
                                                    "kind": "file"}, b"[]", 1.0, 1024 ** 3)
    finally:
        harness.shutdown(keep=lambda w: not w.sys_path)
    assert failure.status is Status.TIMEOUT
    assert failure.message.startswith("the primary verifier did not finish within the time limit of 1 s")
    assert "endless_exam" not in failure.message and "tests.helpers" not in failure.message


@pytest.mark.parametrize("status, code", [(Status.ACCEPT, 0), (Status.REJECT, 1), (Status.DISAGREE, 3),
                                          (Status.TIMEOUT, 4), (Status.LIMIT, 4), (Status.ERROR, 4)])
def test_the_exit_codes_of_the_table(status, code):
    assert common.EXIT_BY_STATUS[status] == code
    assert common.EXIT_USAGE == 2 and common.EXIT_USAGE not in common.EXIT_BY_STATUS.values()


def test_docs_cli_states_the_exit_codes_the_code_uses():
    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| `(\d+)` \| ([^|]+) \|", text, re.M))
    assert set(table) == {"0", "1", "2", "3", "4", "130", "143"}
    assert "usage" in table["2"] and "limit" in table["4"] and "disagree" in table["3"]


@pytest.mark.parametrize("argv, near", [
    (["instances", "--family", "capst"], "capset"),
    (["instances", "--suite", "bench-v2"], "bench-v1"),
    (["prompt", "a3-capset-12x"], "a3-capset-2"),
    (["audit", "--family", "lineqq"], "lineq"),
    (["score", "ANSWERS", "--output", "OUT", "--only", "a3-capset-111"], "a3-capset-11"),
    (["verify", "--instance", "a3-schur-11", "ANSWER"], "a3-schur-1"),
    (["certify", "ANSWER", "--instance", "a3-schur-11", "--output", "OUT"], "a3-schur-1"),
    (["instance", "capst", "--params", '{"d": 3}'], "capset"),
    (["export", "--suite", "bench-v", "--output", "OUT"], "bench-v1"),
    (["score", "TYPO", "--output", "OUT"], "a3-capset-11"),          # a call id in the answers file
])
def test_did_you_mean_wherever_a_name_is_typed(capsys, tmp_path, argv, near):
    _jsonl(tmp_path / "a.jsonl", CAP_LINE)
    _jsonl(tmp_path / "typo.jsonl", {"call_id": "a3-capset-111", "answer": []})
    (tmp_path / "x.json").write_text("[]")
    argv = [{"ANSWERS": str(tmp_path / "a.jsonl"), "OUT": str(tmp_path / "s.json"), "TYPO": str(tmp_path / "typo.jsonl"),
             "ANSWER": str(tmp_path / "x.json")}.get(a, a) for a in argv]
    code, _, err = run(capsys, *argv)
    assert code == 2 and f"did you mean {near!r}" in err, err


@pytest.mark.parametrize("command", ["instances", "verify", "audit", "certify", "prompt", "export", "score",
                                     "instance", "report"])
def test_every_subcommand_help_has_examples(capsys, command):
    code, out, _ = run(capsys, command, "--help")
    assert code == 0
    examples = out.split("examples:", 1)[1].split("\n\n", 1)[0].strip().splitlines()
    assert len(examples) >= 2 and all(x.strip().startswith("endless-exam " + command) for x in examples), out
    assert "exit codes:" in out


def test_docs_cli_names_every_command_and_option():
    import argparse

    text = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    parser = cli.build_parser()
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    for name, sp in sub.choices.items():
        section = text.split(f"### `{name}`", 1)[1].split("\n### ", 1)[0]
        for action in sp._actions:
            for option in action.option_strings:
                if option not in ("-h", "--help"):
                    assert f"`{option}`" in section, (name, option)
        for example in cli.EXAMPLES[name]:
            assert example in section, (name, example)


def test_ignored_fields_stay_bounded(capsys, tmp_path):
    """Hostile: thousands of unknown keys in a line are a file error (at most 64 are ignored per line), and a
    very long unknown key is named clipped."""
    answers = _jsonl(tmp_path / "a.jsonl", dict(CAP_LINE, **{f"k{i}": 1 for i in range(65)}))
    code, _, err = run(capsys, "score", str(answers), "--output", str(tmp_path / "s.json"), "--allow-partial")
    assert code == 2 and "65 fields that are not part of the format" in err and len(err) < 1000
    answers = _jsonl(tmp_path / "b.jsonl", dict(CAP_LINE, **{"z" * 100_000: 1}))
    code, _, err = run(capsys, "score", str(answers), "--output", str(tmp_path / "t.json"), "--allow-partial")
    assert code == 0 and "not part of the format" in err and len(err) < 2000
