"""The worst-case runner of issue 31 (``tests/benchmarks/worst_cases.py``) and the generator interface of
the ``worst_<key>.py`` modules: the interface is checked, a case's verdicts are compared with ``expect``
(a mismatch is reported, never hidden), and no timing is asserted."""
from __future__ import annotations

import json

import pytest

from endless_exam.checker.families import load as load_primary
from tests.benchmarks import worst_cases

MINE = ("heilbronn", "heilbronn_shape", "kissing", "kissing_theta", "labs")


def test_discovers_the_generators_present():
    found = worst_cases.discover(list(MINE))
    assert sorted(found) == sorted(MINE)
    assert worst_cases.RUNNER not in worst_cases.discover()


def test_unknown_key_is_an_error():
    with pytest.raises(SystemExit):
        worst_cases.discover(["no_such_family"])


@pytest.mark.parametrize("key", MINE)
def test_generator_interface(key):
    cases = worst_cases.validated_cases(key, worst_cases.discover([key])[key])
    schema = load_primary(key).schema
    for c in cases:
        schema.validate_params(c["params"])             # every case is an admitted instance
        assert c["expect"] in ("ACCEPT", "REJECT") and c["path"]
    assert {c["expect"] for c in cases} == {"ACCEPT", "REJECT"}   # valid inputs and late rejections


class _Fake:
    def __init__(self, cases):
        self.__name__ = "fake"
        self._cases = cases

    def cases(self):
        return self._cases


def test_broken_generator_is_refused():
    good = {"name": "a", "path": "p", "params": {"n": 3}, "answer": lambda: [[0, 0], [1, 0], [0, 1]], "expect": "ACCEPT"}
    for bad in ([], [dict(good, expect="VALID")], [dict(good), dict(good)], [{k: v for k, v in good.items() if k != "path"}]):
        with pytest.raises(SystemExit):
            worst_cases.validated_cases("heilbronn", _Fake(bad))


@pytest.mark.parametrize("expect,ok", [("ACCEPT", True), ("REJECT", False)])
def test_run_case_compares_verdicts_with_expect(expect, ok):
    case = {"name": "tiny", "path": "p", "params": {"n": 3}, "answer": lambda: [[0, 0], [1, 0], [0, 1]],
            "expect": expect}
    row = worst_cases.run_case("heilbronn", case, runs=2, use_harness=False)
    assert row["ok"] is ok
    assert row["primary"] == row["second"] == "ACCEPT" and row["harness"] is None
    assert row["primary_cpu"] >= 0 and row["load"]


def test_main_writes_json_and_fails_on_mismatch(tmp_path, monkeypatch, capsys):
    fake = _Fake([{"name": "dup", "path": "p", "params": {"n": 3}, "answer": lambda: [[0, 0], [0, 0], [0, 1]],
                   "expect": "ACCEPT"}])
    monkeypatch.setattr(worst_cases, "discover", lambda keys=None: {"heilbronn": fake})
    out = tmp_path / "rows.json"
    assert worst_cases.main(["--no-harness", "--json", str(out)]) == 1       # DUPLICATE, not ACCEPT
    doc = json.loads(out.read_text())
    assert doc["rows"][0]["primary"] == "REJECT DUPLICATE" and doc["rows"][0]["ok"] is False
    text = capsys.readouterr().out
    assert "load average at start" in text and "load average at end" in text and "MISMATCH" in text
