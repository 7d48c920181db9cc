"""The scoring pipeline (``endless-exam score`` and ``report``) on hostile files: malformed or tricky
``answers.jsonl`` records are file errors that exit 2 with a bounded message, or answers that score zero;
never a crash, a lost answer or an overwritten input."""
from __future__ import annotations

import json
import os

import pytest
from endless_exam.checker import cli


def _score(tmp_path, capsys, content: bytes, suite: str = "kakeya"):
    answers = tmp_path / "answers.jsonl"
    answers.write_bytes(content)
    out = tmp_path / "scores.json"
    rc = cli.main(["score", str(answers), "--output", str(out), "--allow-partial", "--suite", suite])
    captured = capsys.readouterr()
    doc = None
    if out.exists():
        def refuse(name):
            raise ValueError(f"non-finite {name} in scores.json")
        doc = json.loads(out.read_text(), parse_constant=refuse)
        assert cli.main(["report", str(out)]) == 0, capsys.readouterr().err
        capsys.readouterr()
    return rc, captured, doc


def _row(doc, call_id):
    return next(r for r in doc["calls_scored"] if r["call_id"] == call_id)


LEN = '"finish_reason": "length"'


FILE_ERRORS = {
    "nan_outside_answer": b'{"call_id": "k1-kakeya-1", "answer": [[0,0,0,0]], "output_tokens": NaN}\n',
    "duplicate_top_level_key": b'{"call_id": "k1-kakeya-1", "answer": 1, "call_id": "k1-kakeya-1"}\n',
    "deep_outside_answer": b'{"call_id": "k1-kakeya-1", "answer": 1, "usage": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
    "deep_line": b"[" * 100_000 + b"]" * 100_000 + b"\n",
    "array_line": b"[1, 2, 3]\n",
    "string_line": b'"k1-kakeya-1"\n',
    "unknown_ids": b"".join(b'{"call_id": "zz-%d", "answer": 1}\n' % i for i in range(10_000)),
    "not_utf8": b'{"call_id": "k1-kakeya-1", "answer": ["\xff"]}\n',
    "nul_after_record": b'{"call_id": "k1-kakeya-1", "answer": 1}\x00\n',
    "overlong_int_outside": b'{"call_id": "k1-kakeya-1", "answer": 1, "output_tokens": ' + b"9" * 2000 + b"}\n",
    "float_tokens": b'{"call_id": "k1-kakeya-1", "answer": 1, "output_tokens": 1.0}\n',
}


@pytest.mark.parametrize("name", sorted(FILE_ERRORS))
def test_score_file_errors_exit_2_with_a_message(tmp_path, capsys, name):
    rc, captured, doc = _score(tmp_path, capsys, FILE_ERRORS[name])
    assert rc == 2 and doc is None
    assert captured.err.startswith("endless-exam: error: ") and "internal error" not in captured.err
    assert "Traceback" not in captured.err and len(captured.err) < 2000


ANSWER_REJECTS = {
    "nan_inside_answer": (b'{"call_id": "k1-kakeya-1", "answer": [[NaN,0,0,0]]}\n', "JSON_NONFINITE"),
    "duplicate_key_inside_answer": (b'{"call_id": "k1-kakeya-1", "answer": {"answer": 1, "answer": 2}}\n',
                                    "JSON_DUPLICATE_KEY"),
    "deep_inside_answer": (b'{"call_id": "k1-kakeya-1", "answer": ' + b"[" * 100_000 + b"]" * 100_000 + b"}\n",
                           "JSON_DEPTH"),
    "overlong_int_inside_answer": (b'{"call_id": "k1-kakeya-1", "answer": [[' + b"9" * 2000 + b",0,0,0]]}\n",
                                   "JSON_NUMBER"),
}


@pytest.mark.parametrize("name", sorted(ANSWER_REJECTS))
def test_score_strictness_inside_answer_is_a_zero(tmp_path, capsys, name):
    content, reason = ANSWER_REJECTS[name]
    rc, captured, doc = _score(tmp_path, capsys, content)
    assert rc == 0, captured.err
    row = _row(doc, "k1-kakeya-1")
    assert (row["outcome"], row["status"], row["reason"], row["ratio"]) == ("scored", "REJECT", reason, 0.0)


def test_score_crlf_and_missing_final_newline(tmp_path, capsys):
    content = ('{"call_id": "k1-kakeya-1", "answer": [[0,0,0,0]]}\r\n\r\n'
               '{"call_id": "k1-kakeya-0", "answer": null}\r\n'
               '{"call_id": "k1-kakeya-2", ' + LEN + '}').encode()
    rc, captured, doc = _score(tmp_path, capsys, content)
    assert rc == 0, captured.err
    assert _row(doc, "k1-kakeya-1")["reason"] == "PROPERTY_VIOLATION"
    assert _row(doc, "k1-kakeya-1")["witness"] == {"direction": [0, 0, 0, 1]}
    assert _row(doc, "k1-kakeya-0")["reason"] == "NO_ANSWER"
    assert _row(doc, "k1-kakeya-2")["status"] == "ZERO"
    assert doc["complete"] is True and doc["score"] == 0.0


@pytest.mark.parametrize("content", [b"", b"\n\n  \n\t\n"])
def test_score_empty_answers_file_with_allow_partial(tmp_path, capsys, content):
    """Nothing to score is an error (exit 2, issue 17), not a score of "n/a"; scores.json still says why."""
    rc, captured, doc = _score(tmp_path, capsys, content)
    assert rc == 2 and "no answer was scored" in captured.err, captured.err
    assert doc["complete"] is False and doc["subset_score"] is None
    assert sorted(doc["missing_call_ids"]) == ["k1-kakeya-0", "k1-kakeya-1", "k1-kakeya-2"]


def test_score_and_report_path_errors(tmp_path, capsys):
    answers = tmp_path / "a.jsonl"
    answers.write_text('{"call_id": "k1-kakeya-1", ' + LEN + '}\n')
    cases = [
        ["score", str(answers), "--output", str(tmp_path / "no" / "such" / "s.json"), "--suite", "kakeya"],
        ["score", str(tmp_path), "--output", str(tmp_path / "s.json"), "--suite", "kakeya"],
        ["score", str(tmp_path / "missing.jsonl"), "--output", str(tmp_path / "s.json"), "--suite", "kakeya"],
    ]
    for argv in cases:
        assert cli.main(argv) == 2, argv
        err = capsys.readouterr().err
        assert err.startswith("endless-exam: error: ") and "internal error" not in err, err
    assert cli.main(["score", str(answers), "--output", str(tmp_path / "s.json"), "--suite", "kakeya",
                     "--allow-partial"]) == 0
    text = (tmp_path / "s.json").read_text()
    for cut in (0, 1, len(text) // 2, len(text) - 3):
        (tmp_path / "t.json").write_text(text[:cut])
        assert cli.main(["report", str(tmp_path / "t.json")]) == 2
        err = capsys.readouterr().err
        assert "not valid JSON" in err and "internal error" not in err, err


@pytest.mark.parametrize("field,value", [("answer", '["\\ud800"]'), ("content", '"\\ud800 [[0,0,0,0]]"')])
def test_score_lone_surrogate_in_answer_is_scored_not_missing(tmp_path, capsys, field, value):
    """Attack: an answer (or content) holding the legal JSON escape of a lone surrogate, which cannot be
    encoded as UTF-8. The call must be a REJECT that scores zero, not a missing ERROR row."""
    content = f'{{"call_id": "k1-kakeya-1", "{field}": {value}}}\n'.encode()
    rc, captured, doc = _score(tmp_path, capsys, content)
    row = _row(doc, "k1-kakeya-1")
    assert row["outcome"] == "scored" and row["status"] == "REJECT", row["message"]
    assert rc == 0


def test_score_refuses_to_overwrite_its_answers_file(tmp_path, capsys):
    """Attack: ``--output`` naming the answers file itself. It is refused before anything runs, so the model
    outputs are never replaced by scores.json."""
    answers = tmp_path / "answers.jsonl"
    original = '{"call_id": "k1-kakeya-1", ' + LEN + '}\n'
    answers.write_text(original)
    rc = cli.main(["score", str(answers), "--output", str(answers), "--allow-partial", "--suite", "kakeya"])
    capsys.readouterr()
    assert answers.read_text() == original
    assert rc == 2


def test_score_output_that_is_a_directory_is_refused_up_front(tmp_path, capsys):
    """Attack: ``--output`` naming a directory. It is refused before verification, leaving no temporary or
    progress file behind."""
    answers = tmp_path / "answers.jsonl"
    answers.write_text('{"call_id": "k1-kakeya-1", ' + LEN + '}\n')
    target = tmp_path / "outdir"
    target.mkdir()
    rc = cli.main(["score", str(answers), "--output", str(target), "--allow-partial", "--suite", "kakeya"])
    err = capsys.readouterr().err
    assert rc == 2
    assert "internal error" not in err, err
    assert not os.path.exists(str(target) + ".progress.jsonl") and not os.path.exists(str(target) + ".tmp")


def test_report_on_deeply_nested_scores_file_is_a_clear_error(tmp_path, capsys):
    """Attack: a scores.json nested 100,000 levels deep. ``report`` names the file problem instead of ending
    in an internal RecursionError."""
    path = tmp_path / "deep.json"
    path.write_text('{"calls_scored": ' + "[" * 100_000 + "]" * 100_000 + "}")
    rc = cli.main(["report", str(path)])
    err = capsys.readouterr().err
    assert rc == 2
    assert "internal error" not in err and "RecursionError" not in err, err


def test_answers_bare_cr_inside_a_record_is_json_whitespace(tmp_path, capsys):
    """Attack: a bare CR inside one answers.jsonl record. It is JSON whitespace, not a record separator, so a
    valid JSON Lines file is read as written."""
    # JSON Lines separates records by "\n"; a bare "\r" is JSON whitespace inside the record
    rc, captured, doc = _score(tmp_path, capsys, b'{"call_id": "k1-kakeya-1",\r"finish_reason": "length"}\n')
    assert rc == 0, captured.err
    assert _row(doc, "k1-kakeya-1")["status"] == "ZERO"


def test_answers_file_with_bom_is_scored_or_named(tmp_path, capsys):
    """Attack: answers.jsonl starting with a UTF-8 byte order mark. The invisible cause is named (or the file
    scored), never a bare 'invalid JSON at line 1 column 1'."""
    rc, captured, doc = _score(tmp_path, capsys, b'\xef\xbb\xbf{"call_id": "k1-kakeya-1", "finish_reason": "length"}\n')
    if rc == 0:
        assert _row(doc, "k1-kakeya-1")["status"] == "ZERO"
    else:
        assert rc == 2
        assert "BOM" in captured.err or "byte order mark" in captured.err.lower(), captured.err


def test_answers_non_string_content_with_nan_is_a_file_error(tmp_path, capsys):
    """Attack: a non-string ``content`` holding NaN. Like any non-string content it is a file error, rather
    than a kept record whose answer is rejected as JSON_NONFINITE."""
    # consistent with '"content": {"x": 1}', which is "'content' must be a string or null"
    rc, captured, doc = _score(tmp_path, capsys,
                               b'{"call_id": "k1-kakeya-1", "answer": [[0,0,0,0]], "content": {"x": NaN}}\n')
    assert rc == 2 and doc is None, (doc and _row(doc, "k1-kakeya-1"))
    assert "content" in captured.err


@pytest.mark.parametrize("record", [
    {"call_id": "x" * 1_000_000, "answer": 1},
    dict({"call_id": "k1-kakeya-1", "answer": 1}, **{f"k{i}": 1 for i in range(20_000)}),
])
def test_answers_file_error_messages_are_bounded(tmp_path, capsys, record):
    """Attack: a megabyte-long call id or field name. The file error names the problem with a bounded
    message instead of echoing the hostile input."""
    # the message names the problem; it does not echo a megabyte of hostile input to the terminal
    rc, captured, doc = _score(tmp_path, capsys, (json.dumps(record) + "\n").encode())
    assert rc == 2 and doc is None
    assert captured.err.startswith("endless-exam: error: answers line 1: ")
    assert len(captured.err) < 10_000, len(captured.err)
