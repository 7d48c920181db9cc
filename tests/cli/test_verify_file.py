"""``verify FILE`` on files that carry ``family`` and ``params`` beside ``answer`` (the project's construction
files, upstream's reference-witness files), and the family name hints."""
from __future__ import annotations

import json
from pathlib import Path

from endless_exam.checker import cli

ROOT = Path(__file__).resolve().parents[2]
D4 = ROOT / "fixtures" / "constructions" / "capset" / "d4.json"


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_construction_file_is_verified_against_its_own_family_and_params(capsys):
    code, out, _ = run(capsys, "verify", "--json", str(D4))
    data = json.loads(out)
    assert code == 0 and data["status"] == "ACCEPT" and data["objective"] == "20"
    assert data["family"] == "capset" and data["params"] == {"d": 4}
    assert data["instance_source"].startswith("instance taken from the file")
    assert "ignored" in data["message"]


def test_options_must_agree_with_the_file(capsys):
    code, _, err = run(capsys, "verify", "--family", "capset", "--params", '{"d": 5}', str(D4))
    assert code == 2 and "the file is for capset" in err
    code, out, _ = run(capsys, "verify", "--family", "capset", "--params", '{"d": 4}', "--json", str(D4))
    assert code == 0 and json.loads(out)["instance_source"] == "the options agree with the instance named in the file"


def test_an_upstream_reference_witness_file(tmp_path, capsys):
    doc = {"answer": ["0000", "0001", "0010"], "source": "test", "family": "capset", "params": {"d": 4},
           "reference": 20, "reference_type": "published"}
    f = tmp_path / "w.json"
    f.write_text(json.dumps(doc))
    code, out, _ = run(capsys, "verify", "--json", str(f))
    assert code == 0 and json.loads(out)["objective"] == "3"
    doc["family"] = "capst"
    f.write_text(json.dumps(doc))
    code, _, err = run(capsys, "verify", str(f))
    assert code == 2 and "did you mean 'capset'" in err
    doc["family"], doc["params"] = "capset", [4]
    f.write_text(json.dumps(doc))
    assert run(capsys, "verify", str(f))[0] == 2


def test_a_plain_answer_still_needs_the_instance(tmp_path, capsys):
    f = tmp_path / "a.json"
    f.write_text('["0000"]')
    code, _, err = run(capsys, "verify", str(f))
    assert code == 2 and "--instance" in err
    code, _, err = run(capsys, "verify", "--family", "kisssing", "--params", "{}", str(f))
    assert code == 2 and "did you mean 'kissing'" in err
